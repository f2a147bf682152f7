// A restore that stops: its message is one line for the operator (scripts/restore.ts prints it
// alone, without a stack), and nothing of the restore is left behind.
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}
