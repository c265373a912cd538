#!/usr/bin/env python3
"""Adds the OpenSSL libcrypto that the jar bundles to the CycloneDX SBOM of the provider.

The cyclonedx-maven-plugin lists Maven dependencies only; the jar also carries, per platform,
META-INF/native/<platform>/libcrypto-carbide.so.3, an OpenSSL build that Maven never sees. Each
becomes a component with its version, licence, SHA-256 and the build's configuration (from
openssl-build.txt, written beside it by scripts/build-native.sh), and a dependency of the
provider. Usage: sbom-add-openssl.py BOM_JSON NATIVE_DIR
"""
import hashlib
import json
import pathlib
import re
import sys


def openssl_components(native_dir):
    for platform_dir in sorted(p for p in native_dir.iterdir() if p.is_dir()):
        library = platform_dir / "libcrypto-carbide.so.3"
        build = platform_dir / "openssl-build.txt"
        if not library.is_file():
            continue
        if not build.is_file():
            sys.exit(f"sbom-add-openssl: {build} is missing")
        origin = build.read_text().strip()
        match = re.match(r"openssl (3\.\d+\.\d+) ", origin)
        if not match:
            sys.exit(f"sbom-add-openssl: no version in {build}: {origin!r}")
        version = match.group(1)
        yield {
            "type": "library",
            "bom-ref": f"openssl-{version}-{platform_dir.name}",
            "name": "openssl",
            "version": version,
            "description": (
                f"libcrypto bundled as META-INF/native/{platform_dir.name}/{library.name}: {origin}"
            ),
            "licenses": [{"license": {"id": "Apache-2.0"}}],
            "purl": f"pkg:generic/openssl@{version}?platform={platform_dir.name}",
            "hashes": [{"alg": "SHA-256", "content": hashlib.sha256(library.read_bytes()).hexdigest()}],
            "externalReferences": [{"type": "website", "url": "https://www.openssl.org/"}],
        }


def main():
    bom_path, native_dir = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    bom = json.loads(bom_path.read_text())
    added = list(openssl_components(native_dir))
    if not added:
        sys.exit(f"sbom-add-openssl: no bundled libcrypto under {native_dir}")
    refs = {c["bom-ref"] for c in added}
    bom["components"] = [c for c in bom.get("components", []) if c.get("bom-ref") not in refs] + added
    provider_ref = bom["metadata"]["component"]["bom-ref"]
    dependencies = bom.setdefault("dependencies", [])
    for dependency in dependencies:
        if dependency["ref"] == provider_ref:
            dependency["dependsOn"] = sorted(set(dependency.get("dependsOn", [])) | refs)
            break
    else:
        dependencies.append({"ref": provider_ref, "dependsOn": sorted(refs)})
    for ref in sorted(refs):
        if not any(d["ref"] == ref for d in dependencies):
            dependencies.append({"ref": ref})
    bom_path.write_text(json.dumps(bom, indent=2) + "\n")


if __name__ == "__main__":
    main()
