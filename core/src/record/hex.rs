//! Lower-case hex, the only encoding of hashes and seeds in kifu's text.

pub fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 2);
    push(&mut out, bytes);
    out
}

/// Appends `bytes` to `out` in lower-case hex.
pub fn push(out: &mut String, bytes: &[u8]) {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    for b in bytes {
        out.push(DIGITS[(b >> 4) as usize] as char);
        out.push(DIGITS[(b & 15) as usize] as char);
    }
}

/// Decodes lower-case hex, the only form kifu writes; `None` for odd length, an upper-case
/// digit or any other character. Input typed by a person is lower-cased by the CLI first.
pub fn decode(text: &str) -> Option<Vec<u8>> {
    let text = text.as_bytes();
    if !text.len().is_multiple_of(2) {
        return None;
    }
    let digit = |b: u8| match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        _ => None,
    };
    text.chunks(2)
        .map(|pair| Some(digit(pair[0])? * 16 + digit(pair[1])?))
        .collect()
}

/// Decodes exactly 32 bytes of hex.
pub fn decode32(text: &str) -> Option<[u8; 32]> {
    decode_exact(text)
}

/// Decodes exactly `N` bytes of lower-case hex into an array, without the vector of `decode`:
/// `None` exactly where `decode(text)` is not `N` bytes.
pub fn decode_exact<const N: usize>(text: &str) -> Option<[u8; N]> {
    let text = text.as_bytes();
    if text.len() != 2 * N {
        return None;
    }
    let digit = |b: u8| match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        _ => None,
    };
    let mut out = [0u8; N];
    for (byte, pair) in out.iter_mut().zip(text.chunks_exact(2)) {
        *byte = digit(pair[0])? * 16 + digit(pair[1])?;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    #[test]
    fn round_trip() {
        assert_eq!(super::encode(&[0, 0xab, 0x10]), "00ab10");
        assert_eq!(super::decode("00ab10"), Some(vec![0, 0xab, 0x10]));
        assert_eq!(super::decode("00AB10"), None, "upper case is not canonical");
        assert_eq!(super::decode("+1"), None);
        assert_eq!(super::decode("0g"), None);
        assert_eq!(super::decode("abc"), None);
        // Longer than the writer's buffer takes at once.
        let long: Vec<u8> = (0..=255).collect();
        let written: String = long.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(super::encode(&long), written);
        assert_eq!(super::decode(&written), Some(long));
    }

    #[test]
    fn exact_decoding_agrees_with_decoding() {
        for text in [
            "0123456789abcdef",
            "0123456789ABCDEF",
            "0123456789abcde",
            "0123456789abcdef0",
            "0123456789abcdeg",
            "",
            "+123456789abcdef",
            "0123456789abcd\u{e9}",
        ] {
            let vector = super::decode(text).and_then(|b| <[u8; 8]>::try_from(b).ok());
            assert_eq!(super::decode_exact::<8>(text), vector, "{text}");
        }
        assert_eq!(super::decode_exact::<2>("ff00"), Some([255, 0]));
    }
}
