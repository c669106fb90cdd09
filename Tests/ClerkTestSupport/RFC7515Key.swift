import ClerkctlCore
import ClerkctlCrypto
import ClerkctlJOSE

/// The RSA key and RS256 example of RFC 7515 Appendix A.2: a fixed 2048-bit key, so tests get
/// a real key without generating one, and a signature they can reproduce byte for byte.
package enum RFC7515Key {
  /// The JWK members, base64url, exactly as printed in the RFC.
  package static let n =
    "ofgWCuLjybRlzo0tZWJjNiuSfb4p4fAkd_wWJcyQoTbji9k0l8W26mPddxHmfHQp-Vaw-4qPCJrcS2mJPMEzP1Pt0Bm4d4"
    + "QlL-yRT-SFd2lZS-pCgNMsD1W_YpRPEwOWvG6b32690r2jZ47soMZo9wGzjb_7OMg0LOL-bSf63kpaSHSXndS5z5rexM"
    + "dbBYUsLA9e-KXBdQOS-UTo7WTBEMa2R2CapHg665xsmtdVMTBQY4uDZlxvb3qCo5ZwKh9kG4LT6_I5IhlJH7aGhyxXFv"
    + "UK-DWNmoudF8NAco9_h9iaGNj8q2ethFkMLs91kzk2PAcDTW9gb54h4FRWyuXpoQ"
  package static let e = "AQAB"
  package static let d =
    "Eq5xpGnNCivDflJsRQBXHx1hdR1k6Ulwe2JZD50LpXyWPEAeP88vLNO97IjlA7_GQ5sLKMgvfTeXZx9SE-7YwVol2NXOoA"
    + "Je46sui395IW_GO-pWJ1O0BkTGoVEn2bKVRUCgu-GjBVaYLU6f3l9kJfFNS3E0QbVdxzubSu3Mkqzjkn439X0M_V51gf"
    + "pRLI9JYanrC4D4qAdGcopV_0ZHHzQlBjudU2QvXt4ehNYTCBr6XCLQUShb1juUO1ZdiYoFaFQT5Tw8bGUl_x_jTj3ccP"
    + "DVZFD9pIuhLhBOneufuBiB4cS98l2SR_RQyGWSeWjnczT0QU91p1DhOVRuOopznQ"
  package static let p =
    "4BzEEOtIpmVdVEZNCqS7baC4crd0pqnRH_5IB3jw3bcxGn6QLvnEtfdUdiYrqBdss1l58BQ3KhooKeQTa9AB0Hw_Py5PJd"
    + "TJNPY8cQn7ouZ2KKDcmnPGBY5t7yLc1QlQ5xHdwW1VhvKn-nXqhJTBgIPgtldC-KDV5z-y2XDwGUc"
  package static let q =
    "uQPEfgmVtjL0Uyyx88GZFF1fOunH3-7cepKmtH4pxhtCoHqpWmT8YAmZxaewHgHAjLYsp1ZSe7zFYHj7C6ul7TjeLQeZD_"
    + "YwD66t62wDmpe_HlB-TnBA-njbglfIsRLtXlnDzQkv5dTltRJ11BKBBypeeF6689rjcJIDEz9RWdc"
  package static let dp =
    "BwKfV3Akq5_MFZDFZCnW-wzl-CCo83WoZvnLQwCTeDv8uzluRSnm71I3QCLdhrqE2e9YkxvuxdBfpT_PI7Yz-FOKnu1R6H"
    + "sJeDCjn12Sk3vmAktV2zb34MCdy7cpdTh_YVr7tss2u6vneTwrA86rZtu5Mbr1C1XsmvkxHQAdYo0"
  package static let dq =
    "h_96-mK1R_7glhsum81dZxjTnYynPbZpHziZjeeHcXYsXaaMwkOlODsWa7I9xXDoRwbKgB719rrmI2oKr6N3Do9U0ajaHF"
    + "-NKJnwgjMd2w9cjz3_-kyNlxAr2v4IKhGNpmM5iIgOS1VZnOZ68m6_pbLBSp3nssTdlqvd0tIiTHU"
  package static let qi =
    "IYd7DHOhrWvxkwPQsRM2tOgrjbcrfvtQJipd-DlcxyVuuM9sQLdgjVk2oy26F0EmpScGLq2MowX7fhd_QJQ3ydy5cY7YIB"
    + "i87w93IKLEdfnbJtoOPLUW0ITrJReOgo1cq9SbsxYawBgfp_gh6A5603k2-ZQwVK0JKSHuLFkuQ3U"

  /// The example's encoded header (`{"alg":"RS256"}`) and payload (with CRLF line breaks).
  package static let encodedHeader = "eyJhbGciOiJSUzI1NiJ9"
  package static let encodedPayload =
    "eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ"
  /// The example's signature, base64url.
  package static let encodedSignature =
    "cC4hiUPoj9Eetdgtv3hF80EGrhuB__dzERat0XF9g2VtQgr9PJbu3XOiZj5RZmh7AAuHIm4Bh-0Qc_lF5YKt_O8W2Fp5ju"
    + "jGbds9uJdbF9CUAr7t1dnZcAcQjbKBYNX4BAynRFdiuB--f_nZLgrnbyTyWzO75vRK5h6xBArLIARNPvkSjtQBMHlb1L0"
    + "7Qe7K0GarZRmB_eSN9383LcOLn6_dO--xi12jzDwusC-eOkHWEsqtFZESc6BfI7noOPqvhJ1phCnvWh6IeYI2w9QOYEUi"
    + "pUTI8np6LbgGY9Fs98rqVt5AXLIhWkWywlVmtVrBp0igcN_IoypGlUPQGe77Rw"

  /// The complete compact JWS of the example.
  package static var token: String { "\(encodedHeader).\(encodedPayload).\(encodedSignature)" }

  /// The ASCII bytes the signature covers.
  package static var signingInput: [UInt8] { Array("\(encodedHeader).\(encodedPayload)".utf8) }

  /// The private key, built from the JWK's private members.
  package static func privateKey() throws -> RSAPrivateKey {
    try RSAPrivateKey(
      modulus: decode(n), publicExponent: decode(e), privateExponent: decode(d),
      prime1: decode(p), prime2: decode(q), exponent1: decode(dp), exponent2: decode(dq),
      coefficient: decode(qi))
  }

  /// The public key, built from `n` and `e`.
  package static func publicKey() throws -> RSAPublicKey {
    try RSAPublicKey(modulus: decode(n), exponent: decode(e))
  }

  /// The JWK form of the public key, under `kid`.
  package static func jwk(kid: String = "rfc7515") -> JWK {
    JWK(kid: kid, n: n, e: e)
  }

  private static func decode(_ text: String) -> [UInt8] {
    Base64URL.decode(text) ?? []
  }
}
