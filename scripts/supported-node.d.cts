// Types of supported-node.cjs, which stays plain JavaScript so that any Node runs it before an install.
export declare function isSupportedNode(version: string): boolean;
export declare function unsupportedNodeRefusal(version: string): string | undefined;
