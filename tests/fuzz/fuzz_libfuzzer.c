/* fuzz_libfuzzer.c -- the libFuzzer entry point (scripts/fuzz.sh builds it with clang
   -fsanitize=fuzzer,address,undefined, once per harness: -DSILK_FUZZ_HARNESS=fuzz_api_one or
   fuzz_bytes_one). */
#include "fuzz.h"

#ifndef SILK_FUZZ_HARNESS
#define SILK_FUZZ_HARNESS fuzz_api_one
#endif

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    return SILK_FUZZ_HARNESS(data, size);
}
