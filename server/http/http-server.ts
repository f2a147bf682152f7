// The Node HTTP server the app runs in.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { Express } from 'express';

/**
 * Node's default (16 KiB) is less than a URL whose query parameters are at their documented
 * maximum lengths in percent-encoded multi-byte text (up to 12 bytes a character), which Node
 * would refuse with a bare 431 before the app could answer.
 */
export const MAX_HEADER_BYTES = 64 * 1024;

export const createHttpServer = (app: Express): Server => createServer({ maxHeaderSize: MAX_HEADER_BYTES }, app);
