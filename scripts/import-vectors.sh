#!/usr/bin/env bash
# Copies the test vectors the tests use from a checkout of the shared vectors (default
# ../shared/testvectors) into provider/src/test/resources/testvectors, gzipped, so a fresh clone
# runs its tests without ../shared. The files are unmodified apart from gzip -n (no name or time
# in the header, so a re-import of the same file gives the same bytes). Rerun it after adding a
# vector file that a test needs; add the file's pattern below first.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
source_dir="${1:-$here/../shared/testvectors}"
target="$here/provider/src/test/resources/testvectors"

# Wycheproof files: those the tests read today, plus RSA and post-quantum files for the coming work.
wycheproof_patterns=(
  'hmac_*_test.json' 'hkdf_sha*_test.json' 'pbkdf2_hmac*_test.json'
  'aes_cbc_pkcs5_test.json' 'aes_gcm_test.json' 'aes_wrap_test.json' 'aes_kwp_test.json'
  'chacha20_poly1305_test.json'
  'ecdsa_secp256r1_sha*_test.json' 'ecdsa_secp384r1_sha*_test.json' 'ecdsa_secp521r1_sha*_test.json'
  'ecdh_secp256r1_test.json' 'ecdh_secp384r1_test.json' 'ecdh_secp521r1_test.json'
  'ecdh_secp256r1_ecpoint_test.json' 'ecdh_secp384r1_ecpoint_test.json'
  'ecdh_secp521r1_ecpoint_test.json'
  'ed25519_test.json' 'ed448_test.json' 'x25519_test.json' 'x448_test.json'
  'x25519_asn_test.json' 'x448_asn_test.json'
  'rsa_signature_*' 'rsa_pkcs1_*' 'rsa_pss_*' 'rsa_oaep_*' 'rsa_three_primes_*'
  'mlkem_*' 'mldsa_*'
  'pbes2_hmac*_aes_128_test.json' 'pbes2_hmac*_aes_256_test.json'
  'ecdsa_secp224r1_sha[0-9]*_test.json' 'ecdsa_brainpoolP*_test.json'
  'ecdsa_secp256k1_sha256_test.json' 'ecdsa_secp256k1_sha256_p1363_test.json'
  'ecdsa_secp256k1_sha3_*_test.json' 'ecdsa_secp256k1_sha512*_test.json'
  'ecdh_secp224r1_test.json' 'ecdh_secp224r1_ecpoint_test.json' 'ecdh_secp256k1_test.json'
  'ecdh_brainpoolP*_test.json'
  'aes_cmac_test.json' 'kmac128_no_customization_test.json' 'kmac256_no_customization_test.json'
  'aes_ccm_test.json' 'aes_gcm_siv_test.json' 'aes_xts_test.json'
  'dsa_*_test.json'
)
# ACVP folders; only the files a test needs (inputs and answers), the -tr1 revisions (seed and
# expanded key formats) included for the post-quantum tests.
acvp_folders=(
  ML-KEM-keyGen-FIPS203 ML-KEM-encapDecap-FIPS203 ML-KEM-encapDecap-FIPS203-tr1
  ML-DSA-keyGen-FIPS204 ML-DSA-sigGen-FIPS204 ML-DSA-sigGen-FIPS204-tr1 ML-DSA-sigVer-FIPS204
  SLH-DSA-keyGen-FIPS205
)
acvp_files=(prompt.json expectedResults.json)
# Where only internalProjection.json has what a test checks: the decapsulation keys of the ML-KEM
# encapsulation groups, so that their ciphertexts can be decapsulated.
acvp_projections=(ML-KEM-encapDecap-FIPS203 ML-KEM-encapDecap-FIPS203-tr1)

copy() { # source file, target file
  mkdir -p "$(dirname "$2")"
  gzip -n -9 -c "$1" >"$2.gz"
}

rm -rf "$target/wycheproof" "$target/acvp"
shopt -s nullglob
for pattern in "${wycheproof_patterns[@]}"; do
  matches=("$source_dir"/wycheproof/$pattern)
  ((${#matches[@]})) || { echo "no wycheproof file matches $pattern" >&2; exit 1; }
  for file in "${matches[@]}"; do
    copy "$file" "$target/wycheproof/$(basename "$file")"
  done
done
for folder in "${acvp_folders[@]}"; do
  for file in "${acvp_files[@]}"; do
    copy "$source_dir/acvp/$folder/$file" "$target/acvp/$folder/$file"
  done
done
for folder in "${acvp_projections[@]}"; do
  copy "$source_dir/acvp/$folder/internalProjection.json" "$target/acvp/$folder/internalProjection.json"
done
cp "$source_dir/wycheproof/LICENSE" "$target/wycheproof/LICENSE"
cp "$source_dir/wycheproof/SOURCE.md" "$target/wycheproof/UPSTREAM-SOURCE.md"
cp "$source_dir/acvp/SOURCE.md" "$target/acvp/UPSTREAM-SOURCE.md"
(cd "$source_dir/acvp" && for folder in "${acvp_folders[@]}"; do
  for file in "${acvp_files[@]}"; do grep -F " ./$folder/$file" SHA256SUMS; done
done
for folder in "${acvp_projections[@]}"; do
  grep -F " ./$folder/internalProjection.json" SHA256SUMS
done) >"$target/acvp/SHA256SUMS"
echo "imported into $target: $(find "$target" -name '*.gz' | wc -l) files, $(du -sh "$target" | cut -f1)"
