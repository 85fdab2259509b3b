/** Records that nothing but `view` (from offset 0) uses its buffer. */
export declare function markOwned(view: Uint8Array): void;
/** Whether `view`'s buffer may be moved away as a whole: recorded as owned, or spanned exactly by the view. */
export declare function ownsBuffer(view: Uint8Array): boolean;
