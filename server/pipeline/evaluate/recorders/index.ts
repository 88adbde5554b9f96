/** The recorders the worker installs on globalThis, keyed as the bundle's shims call them. */
import { fastmcpRecorder } from './fastmcp';
import { aiRecorder, langchainRecorder, openaiAgentsRecorder } from './functionTools';
import { mcpHandlerRecorder, mcpRecorder } from './mcp';

export const recorders = {
  mcp: mcpRecorder,
  mcpHandler: mcpHandlerRecorder,
  fastmcp: fastmcpRecorder,
  ai: aiRecorder,
  openaiAgents: openaiAgentsRecorder,
  langchain: langchainRecorder,
};
