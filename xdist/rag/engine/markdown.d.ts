export declare function markdownToText(md: string): string;
