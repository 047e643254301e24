//! The move counters, draw offer and result as rules version 3 hashes them after the
//! position's key: the bytes bincode writes, most of them written here without it.

use kifu_core::rules::Outcome;

/// `(halfmove, fullmove, draw offer, result)` as bincode (standard configuration) writes them,
/// while the game goes on with both counters under 251: a byte each (a varint that small is
/// itself), the offer's `Option<u8>` (0, or 1 and the seat) and 0 for no result. `None` for
/// anything else, which only bincode writes. The bytes and how many of them are used.
pub(crate) fn plain_counters(
    halfmove: u32,
    fullmove: u32,
    draw_offer: Option<u8>,
    result: &Option<Outcome>,
) -> Option<([u8; 5], usize)> {
    match (u8::try_from(halfmove), u8::try_from(fullmove), result) {
        (Ok(half @ 0..=250), Ok(full @ 0..=250), None) => Some(match draw_offer {
            None => ([half, full, 0, 0, 0], 4),
            Some(seat) => ([half, full, 1, seat, 0], 5),
        }),
        _ => None,
    }
}

/// Appends `(halfmove, fullmove, draw offer, result)` as bincode (standard configuration)
/// writes them: plainly (`plain_counters`) where it can, else through bincode.
pub(crate) fn push_counters(
    out: &mut Vec<u8>,
    halfmove: u32,
    fullmove: u32,
    draw_offer: Option<u8>,
    result: &Option<Outcome>,
) -> Result<(), bincode::error::EncodeError> {
    match plain_counters(halfmove, fullmove, draw_offer, result) {
        Some((counters, len)) => {
            out.extend_from_slice(&counters[..len]);
            Ok(())
        }
        None => {
            let counters = (halfmove, fullmove, &draw_offer, result);
            bincode::serde::encode_into_std_write(counters, out, bincode::config::standard()).map(|_| ())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::push_counters;
    use kifu_core::rules::Outcome;

    /// The counters, draw offer and result are written as bincode writes them, on both sides
    /// of the varints' one-byte limit, with and without an offer or a result.
    #[test]
    fn counters_are_written_as_bincode_writes_them() {
        let counts = [0, 1, 99, 150, 250, 251, 252, 1000, 65_535, 65_536, u32::MAX];
        let results = [None, Some(Outcome::draw("agreed")), Some(Outcome::win(1, "checkmate"))];
        for halfmove in counts {
            for fullmove in counts {
                for draw_offer in [None, Some(0), Some(1)] {
                    for result in &results {
                        let mut out = vec![7];
                        push_counters(&mut out, halfmove, fullmove, draw_offer, result).unwrap();
                        let expected = kifu_core::rules::encoded(&(halfmove, fullmove, &draw_offer, result));
                        assert_eq!(
                            out[1..],
                            expected[..],
                            "{halfmove} {fullmove} {draw_offer:?} {result:?}"
                        );
                    }
                }
            }
        }
    }
}
