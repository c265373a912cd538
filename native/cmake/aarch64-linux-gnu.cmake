# Cross-compiles for linux-aarch64 with Debian's toolchain (gcc-aarch64-linux-gnu,
# g++-aarch64-linux-gnu) and arm64 libraries from multiarch (libgtest-dev:arm64). Binaries built
# here run on x86-64 under qemu-user: CMake uses the emulator for gtest_discover_tests, and
# scripts/test-aarch64.sh for the tests themselves.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
# find_package looks in /usr/lib/aarch64-linux-gnu, never in the host's x86_64 directories.
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64-static)
