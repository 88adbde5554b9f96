/** The recorders the worker installs on globalThis, keyed as the bundle's shims call them: one per tool library. */
export { RECORDERS as recorders } from '../../../sdks';
