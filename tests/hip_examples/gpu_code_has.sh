#!/bin/sh
# gpu_code_has.sh CLANG ARCH SOURCE OUTPUT MNEMONIC...
# Compiles a plain HIP source for the GPU (device code only, with the system's HIP headers and no
# device libraries) and checks that the assembly has every named instruction.
set -u
clang=$1 arch=$2 source=$3 output=$4
shift 4
if ! "$clang" -x hip --offload-arch="$arch" -nogpulib --hip-path=/usr --cuda-device-only -O2 -S -o "$output" "$source"; then
  echo "$source does not compile for $arch" >&2
  exit 1
fi
status=0
for mnemonic in "$@"; do
  if ! grep -q -E "^[[:space:]]*$mnemonic([[:space:]]|$)" "$output"; then
    echo "the $arch code of $source has no $mnemonic instruction (assembly: $output)" >&2
    status=1
  fi
done
exit $status
