/**
 * The providers' official SDKs, as one bundle of their own (`dist/providerSdks.js`, esbuild.mjs): the server bundle
 * leaves this module to run time, so `check`, `--version` and the language server never read the SDKs' megabytes; only
 * `verify` loads it (sdks.ts). Each SDK's version is recorded beside the verdicts it brought back.
 */
import OpenAI from 'openai';
import { VERSION as OPENAI_VERSION } from 'openai/version';
import Anthropic from '@anthropic-ai/sdk';
import { VERSION as ANTHROPIC_VERSION } from '@anthropic-ai/sdk/version';
import { GoogleGenAI } from '@google/genai';
import { genaiVersion } from './genaiVersion';

export { OpenAI, Anthropic, GoogleGenAI };

/** Each SDK's version, as its package says it. */
export const SDK_VERSIONS = { openai: OPENAI_VERSION, anthropic: ANTHROPIC_VERSION, gemini: genaiVersion() };
