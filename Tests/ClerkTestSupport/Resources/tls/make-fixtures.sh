#!/usr/bin/env bash
# Regenerates the TLS test fixtures in this directory (run once; the results are committed).
# Test-only material: the product never runs openssl. RSA 2048, valid for 100 years.
set -euo pipefail
cd "$(dirname "$0")"
days=36500
ca() { # name, subject
  openssl req -x509 -newkey rsa:2048 -nodes -sha256 -days "$days" -subj "$2" \
    -keyout "$1-key.pem" -out "$1.pem" \
    -addext "basicConstraints=critical,CA:TRUE" \
    -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null
}
leaf() { # name, subject, subjectAltName
  openssl req -new -newkey rsa:2048 -nodes -sha256 -subj "$2" \
    -keyout "$1-key.pem" -out "$1.csr" 2>/dev/null
  printf '%s\n' "basicConstraints=critical,CA:FALSE" \
    "keyUsage=critical,digitalSignature,keyEncipherment" "extendedKeyUsage=serverAuth" \
    "subjectKeyIdentifier=hash" "authorityKeyIdentifier=keyid" "subjectAltName=$3" > "$1.ext"
  openssl x509 -req -in "$1.csr" -CA ca.pem -CAkey ca-key.pem -set_serial "0x$(openssl rand -hex 8)" \
    -sha256 -days "$days" -extfile "$1.ext" -out "$1.pem" 2>/dev/null
  rm "$1.csr" "$1.ext"
}
ca ca "/CN=clerkctl test CA"
ca other-ca "/CN=clerkctl other test CA"
rm other-ca-key.pem
leaf server "/CN=127.0.0.1" "IP:127.0.0.1,DNS:localhost"
leaf wrong-host "/CN=example.com" "DNS:example.com"
rm ca-key.pem
