// The end of a command-line script: exit with the code its main function answers, or print the
// error and exit 1 when it throws.
export function exitWith(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
