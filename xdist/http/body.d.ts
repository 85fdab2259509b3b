import type { Request, Response } from 'express';
import type { UploadedFile } from './context.js';
export declare const JSON_BODY_LIMIT_BYTES: number;
/** Parses a JSON body. An empty body where one is required is a 400: there is nothing to validate. */
export declare function parseJsonBody(req: Request, res: Response, required: boolean): Promise<unknown>;
export interface MultipartLimits {
    maxFileBytes: number;
    tooLargeCode: 'file_too_large' | 'document_too_large';
}
export declare function parseMultipartBody(req: Request, res: Response, fileFields: string[], limits: MultipartLimits): Promise<{
    fields: Record<string, string>;
    files: Record<string, UploadedFile>;
}>;
