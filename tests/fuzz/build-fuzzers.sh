#!/bin/sh
# Build every tests/fuzz/fuzz_*.c as a libFuzzer binary in build-fuzz/.
#   sh tests/fuzz/build-fuzzers.sh [clang]
# Then: build-fuzz/fuzz_NAME -max_total_time=600 tests/fuzz/corpus/NAME
# (needs clang and Debian's libclang-rt-14-dev).
set -eu
CC=${1:-clang}
SRC=$(ls src/core/*.c src/dawg/*.c src/skrafl/*.c src/mahjong/*.c src/boggle/*.c src/fmt/*.c src/cli/cli.c src/cli/cli_*.c 2>/dev/null)
mkdir -p build-fuzz
for f in tests/fuzz/fuzz_*.c; do
    n=$(basename "$f" .c)
    echo "building build-fuzz/$n"
    $CC -std=c11 -D_POSIX_C_SOURCE=200809L -g -O1 -Iinclude -Isrc \
        -DTILEKIT_VERSION='"fuzz"' -DTILEKIT_DATADIR='"/nonexistent"' \
        -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -o "build-fuzz/$n" "$f" $SRC -lpthread -lm
done
