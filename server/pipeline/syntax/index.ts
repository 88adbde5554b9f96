/**
 * The syntax layer: what discovery and locating both need from a parsed file, syntactically (no type
 * checker): peeling transparent wrappers, same-file scope lookup, inline literals, the one import follower,
 * and node ranges.
 */
export { peel, transparentParent } from './peel';
export { localDeclaration, localInitializer } from './scope';
export { isStringish, objectLiteralOf, propertyName, propertyOf, stringValue } from './literals';
export { followExport, followImportedName, followNamespaceMember, importedBinding, isZodSpecifier, resolveRelative, type ImportFollower } from './imports';
export { filePathOf, locationOf, offsetOf, rangeOf, spanRange } from './ranges';
