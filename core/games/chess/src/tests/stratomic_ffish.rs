//! Stratomic's perft against Fairy-Stockfish (fixtures/chess/perft/stratomic.perft, from
//! fixtures/chess/oracle/generate_stratomic_ffish.py with pyffish 0.0.90): the oracle knows no
//! launch, so its positions are ones where no piece but a pawn can be taken before the last
//! ply; there the counts must be equal. Launches are checked by the naive generator.

use crate::variant::Variant;

const PERFT: &str = include_str!("../../../../../fixtures/chess/perft/stratomic.perft");

#[test]
fn stratomic_perft_without_launches_agrees_with_fairy_stockfish() -> Result<(), String> {
    let mut checked = 0;
    for line in PERFT.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let mut parts = line.split(" ;D");
        let fen = parts.next().unwrap_or_default().trim();
        for part in parts {
            let (depth, count) = part.split_once(' ').ok_or_else(|| format!("bad line {line}"))?;
            let depth: u32 = depth.parse().map_err(|_| format!("bad depth in {line}"))?;
            let count: u64 = count.trim().parse().map_err(|_| format!("bad count in {line}"))?;
            assert_eq!(
                crate::perft::perft(Variant::Stratomic, fen, depth)?,
                count,
                "{fen} depth {depth}"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 17);
    Ok(())
}
