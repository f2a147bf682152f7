// A BACKUP_ENCRYPTION_KEY that is not an age key: the start refuses it in one line. Its own module,
// so that the server's entry can tell it apart without loading age-encryption (age-keys.ts).
export class BackupKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupKeyError';
  }
}
