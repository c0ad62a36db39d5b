/* Test-harness shim for Wine 8 (Debian 12), which lacks bcryptprimitives.dll: Rust's std (>= 1.78)
 * takes its randomness from ProcessPrng there. Forwards to BCryptGenRandom, which Wine has.
 * Built by scripts/wine/lib.sh with mingw-w64 into the Wine prefix only; never shipped. */
#include <windows.h>
#include <bcrypt.h>

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
    while (len > 0) {
        ULONG chunk = len > 0x40000000 ? 0x40000000 : (ULONG)len;
        if (BCryptGenRandom(NULL, data, chunk, BCRYPT_USE_SYSTEM_PREFERRED_RNG) != 0) return FALSE;
        data += chunk;
        len -= chunk;
    }
    return TRUE;
}
