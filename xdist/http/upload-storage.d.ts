import type multer from 'multer';
/** The hex SHA-256 of an upload's bytes: the one computed on arrival, or (for other buffers) computed now. */
export declare function uploadSha256(bytes: Buffer): string;
/** `maxFileBytes` bounds the buffer sized in advance (multer stops the upload past it anyway). */
export declare function hashingMemoryStorage(maxFileBytes: number): multer.StorageEngine;
