//! End-to-end: `kifu verify FILE` on an exported file with one byte changed fails with exit 1
//! and names the header or the entry, wherever the byte is (the full sweep over every byte of
//! every game is core/tests/tamper.rs; this checks the command's side on a sample).

use kifu_e2e::Session;

#[test]
fn one_changed_byte_anywhere_fails_verification_naming_its_place() {
    let s = Session::new();
    let id = s
        .ok(&["new", "senet", "--random-seed", "-p", "Ani", "-p", "Hunefer"])
        .trim()
        .to_string();
    s.ok(&["playout", &id, "--max", "6"]);
    let text = s.ok(&["export", &id]);
    let bytes = text.as_bytes();
    let file = s.path("changed.kifu");
    let header_line = text.find("\nheader ").unwrap() + 1;
    let header_end = header_line + text[header_line..].find('\n').unwrap() + 1;
    // Every 7th byte, the first and last few, each replaced by a byte that differs.
    let mut positions: Vec<usize> = (0..bytes.len()).step_by(7).collect();
    positions.extend([0, 1, 2, 3, bytes.len() - 2, bytes.len() - 3]);
    for at in positions {
        for new in [b'0', b'A', 0u8, b'\n', bytes[at] ^ 0x20] {
            if new == bytes[at] {
                continue;
            }
            let mut changed = bytes.to_vec();
            changed[at] = new;
            std::fs::write(&file, &changed).unwrap();
            let run = s.run(&["verify", file.to_str().unwrap()]);
            assert_eq!(run.code, 1, "byte {at} -> {new:#04x}: {}{}", run.stdout, run.stderr);
            let named = if at < header_end {
                run.stdout.contains("header") || run.stdout.contains("line ")
            } else {
                run.stdout.contains("entry") || run.stdout.contains("an entry line")
            };
            assert!(named, "byte {at} -> {new:#04x}: {}", run.stdout);
        }
    }
    // Upper-case hex is not the canonical form: refused too.
    let hash = &text[header_line + 7..header_line + 71];
    let upper = text.replacen(hash, &hash.to_uppercase(), 1);
    std::fs::write(&file, upper).unwrap();
    let run = s.run(&["verify", file.to_str().unwrap()]);
    assert_eq!(run.code, 1, "{}", run.stdout);
}
