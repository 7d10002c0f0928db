import { TransferError } from '../modules/workspace-transfer/transfer.service.js';

/** Runs npm run export / import: its exit code, or a TransferError's own (its message without a stack; any other error as it is, 1). */
export function runTransferCommand(main: (args: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof TransferError ? err.message : err);
      process.exit(err instanceof TransferError ? err.exitCode : 1);
    },
  );
}
