//! End-to-end: files kifu writes follow docs/FORMAT.md to the letter. The chain and the
//! seeded draws are recomputed here from the spec alone, with the blake3 crate and none of
//! kifu's code, the way an outside auditor would.

use kifu_e2e::Session;

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Vec<u8> {
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).unwrap())
        .collect()
}

/// The spec's chain check; returns the head, or the line where it breaks.
fn check_chain(text: &str) -> Result<String, usize> {
    let lines: Vec<&str> = text.lines().collect();
    let end = lines.iter().position(|l| l.starts_with("header ")).unwrap();
    let header: String = lines[..end].iter().map(|l| format!("{l}\n")).collect();
    let mut head = *blake3::hash(header.as_bytes()).as_bytes();
    if hex(&head) != lines[end]["header ".len()..] {
        return Err(end + 1);
    }
    for (i, line) in lines.iter().enumerate().skip(end + 1) {
        let (body, claimed) = line.rsplit_once(' ').unwrap();
        let mut h = blake3::Hasher::new();
        h.update(&head);
        h.update(body.as_bytes());
        head = *h.finalize().as_bytes();
        if hex(&head) != claimed {
            return Err(i + 1);
        }
    }
    Ok(hex(&head))
}

/// The spec's `below(k)` over the keyed XOF of entry `seq`.
fn below(seed: &[u8], seq: u64, k: u64) -> u64 {
    let key = blake3::derive_key("kifu 1 chance key", seed);
    let mut reader = blake3::Hasher::new_keyed(&key)
        .update(&seq.to_le_bytes())
        .finalize_xof();
    let limit = (u64::MAX / k) * k;
    loop {
        let mut b = [0u8; 8];
        reader.fill(&mut b);
        let x = u64::from_le_bytes(b);
        if x < limit {
            return x % k;
        }
    }
}

#[test]
fn the_chain_of_an_exported_file_checks_by_the_spec_alone() {
    let s = Session::new();
    let id = s
        .ok(&[
            "new",
            "senet",
            "--seed",
            "a11ce0a11ce0a11ce0a11ce0a11ce0a1",
            "--tag",
            "Event=Spec check",
        ])
        .trim()
        .to_string();
    s.ok(&["playout", &id]);
    s.ok(&["play", &id, "note:checked by hand; twice"]);
    let text = s.ok(&["export", &id]);
    let head = check_chain(&text).unwrap_or_else(|line| panic!("chain breaks at line {line}"));
    assert_eq!(s.json(&["show", &id, "--json"])["head"], head);
    let id_line = text.lines().nth(1).unwrap();
    assert_eq!(id_line, format!("id {id}"), "the id is the header's second line");
    let tampered = text.replacen("Event=Spec check", "Event=Spec chuck", 1);
    assert_eq!(
        check_chain(&tampered),
        Err(text.lines().position(|l| l.starts_with("header ")).unwrap() + 1)
    );
}

#[test]
fn seeded_throws_follow_the_spec_sampling() {
    let s = Session::new();
    let seed = unhex("5eed5eed5eed5eed5eed5eed5eed5eed");
    let id = s
        .ok(&["new", "senet", "--seed", "5eed5eed5eed5eed5eed5eed5eed5eed"])
        .trim()
        .to_string();
    s.ok(&["playout", &id, "--max", "40"]);
    let text = s.ok(&["export", &id]);
    let commitment = text.lines().find_map(|l| l.strip_prefix("chance seeded ")).unwrap();
    assert_eq!(commitment, hex(blake3::hash(&seed).as_bytes()));
    // Senet's throw: weighted(4, 6, 4, 1, 1) over outcomes 1..5, i.e. below(16) split so.
    let mut checked = 0;
    for line in text.lines().filter(|l| l.split(' ').nth(1) == Some("chance")) {
        let mut words = line.split(' ');
        let seq: u64 = words.next().unwrap().parse().unwrap();
        let throw: u64 = words.nth(1).unwrap().parse().unwrap();
        let r = below(&seed, seq, 16);
        let expected = match r {
            0..=3 => 1,
            4..=9 => 2,
            10..=13 => 3,
            14 => 4,
            _ => 5,
        };
        assert_eq!(throw, expected, "entry {seq}");
        checked += 1;
    }
    assert!(checked >= 20, "{checked} throws checked");
}
