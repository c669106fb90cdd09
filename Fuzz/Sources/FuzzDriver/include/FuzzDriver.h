#ifndef FUZZ_DRIVER_H
#define FUZZ_DRIVER_H

/// Runs libFuzzer over the target's `LLVMFuzzerTestOneInput` with the process's arguments
/// (libFuzzer's flags and corpus directories) and returns its exit status.
///
/// SwiftPM links a debug executable's own `main` (from main.swift), so libFuzzer's `main` is
/// never used; each target's main.swift calls this instead.
int fuzz_driver_main(int argc, char **argv);

#endif
