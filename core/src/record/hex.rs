//! Lower-case hex, the only encoding of hashes and seeds in kifu's text.

pub fn encode(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        out.push(DIGITS[(b >> 4) as usize] as char);
        out.push(DIGITS[(b & 15) as usize] as char);
    }
    out
}

/// Decodes hex (either case); `None` for odd length or a non-hex digit.
pub fn decode(text: &str) -> Option<Vec<u8>> {
    let text = text.as_bytes();
    if !text.len().is_multiple_of(2) {
        return None;
    }
    text.chunks(2)
        .map(|pair| {
            let hi = (pair[0] as char).to_digit(16)?;
            let lo = (pair[1] as char).to_digit(16)?;
            Some((hi * 16 + lo) as u8)
        })
        .collect()
}

/// Decodes exactly 32 bytes of hex.
pub fn decode32(text: &str) -> Option<[u8; 32]> {
    decode(text)?.try_into().ok()
}

#[cfg(test)]
mod tests {
    #[test]
    fn round_trip() {
        assert_eq!(super::encode(&[0, 0xab, 0x10]), "00ab10");
        assert_eq!(super::decode("00AB10"), Some(vec![0, 0xab, 0x10]));
        assert_eq!(super::decode("0g"), None);
        assert_eq!(super::decode("abc"), None);
    }
}
