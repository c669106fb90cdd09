#include "FuzzDriver.h"

#include <stddef.h>
#include <stdint.h>

/// Defined by each fuzz target with `@_cdecl("LLVMFuzzerTestOneInput")`.
extern int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/// libFuzzer's driver, in libclang_rt.fuzzer (linked by -sanitize=fuzzer).
extern int LLVMFuzzerRunDriver(int *argc, char ***argv,
                               int (*callback)(const uint8_t *data, size_t size));

int fuzz_driver_main(int argc, char **argv) {
  return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}
