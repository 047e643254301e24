//! End-to-end: `kifu serve` serves the store's transparency log read-only in the C2SP
//! tlog-tiles layout and proof bundles: the checkpoint is signed by the store's key and its root
//! is the RFC 6962 root of the level-0 tile's hashes; the entry bundle holds the record's
//! leaves, each hashing to its place in the tile; full tiles are immutable, partial ones not
//! cached; and a bundle from `/v1/records/{id}/proof` checks with `kifu verify --proof`.

mod serve;

use kifu_e2e::Session;
use kifu_tlog::{merkle, Checkpoint, Hash, Signer};
use serde_json::json;
use serve::{create, play, Served};

fn header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
}

fn hashes(bytes: &[u8]) -> Vec<Hash> {
    assert_eq!(bytes.len() % 32, 0, "whole hashes");
    bytes.chunks_exact(32).map(|c| c.try_into().unwrap()).collect()
}

/// An entry bundle's leaves: each a 2-byte big-endian length, then the leaf's data.
fn entries(mut bytes: &[u8]) -> Vec<String> {
    let mut out = Vec::new();
    while !bytes.is_empty() {
        let len = u16::from_be_bytes([bytes[0], bytes[1]]) as usize;
        out.push(String::from_utf8(bytes[2..2 + len].to_vec()).unwrap());
        bytes = &bytes[2 + len..];
    }
    out
}

#[test]
fn the_log_is_served_as_tiles_and_proofs_verify() {
    let s = Session::new();
    let mut server = Served::start(&s);
    let http = server.http.clone();
    let game = create(&http, json!({"game": "chess", "players": ["Ann", "Ben"]}));
    for (who, moves) in [("p1", "e4"), ("p2", "e5"), ("p1", "Nf3")] {
        assert_eq!(play(&http, &game.id, Some(&game.token(who)), &[moves]).status, 201);
    }
    // The key `kifu serve` made on start-up, beside the store.
    let mut key_file = s.store().into_os_string();
    key_file.push(".tlog-key");
    let signer = Signer::parse(std::fs::read_to_string(&key_file).unwrap().trim_end()).unwrap();
    let verifier = signer.verifier();

    let (status, headers, note) = http.get_bytes("/log/checkpoint");
    assert_eq!(status, 200);
    assert_eq!(header(&headers, "cache-control"), Some("no-cache"));
    let note = String::from_utf8(note).unwrap();
    let checkpoint = Checkpoint::parse(verifier.open(&note).expect("signed by the store's key")).unwrap();
    assert!(checkpoint.origin.starts_with("kifu/"), "{note}");
    assert_eq!(checkpoint.size, 4, "the header and three entries: {note}");
    let lines: Vec<&str> = note.lines().collect();
    assert_eq!(lines[1], "4");
    assert_eq!(lines[2].len(), 44, "a base64 SHA-256 root: {note}");
    // Asked again with the log unchanged: the same checkpoint, not a new signature.
    assert_eq!(http.get_bytes("/log/checkpoint").2, note.as_bytes());

    // The level-0 tile, partial: its hashes hash up to the checkpoint's root.
    let (status, headers, tile) = http.get_bytes("/log/tile/0/000.p/4");
    assert_eq!(status, 200);
    assert_eq!(header(&headers, "cache-control"), Some("no-cache"));
    let leaves = hashes(&tile);
    assert_eq!(leaves.len(), 4);
    assert_eq!(merkle::root(&leaves), checkpoint.root);
    assert_eq!(http.get_bytes("/log/tile/0/000.p/3").2, tile[..96].to_vec());
    for missing in [
        "/log/tile/0/000",
        "/log/tile/0/000.p/5",
        "/log/tile/1/000.p/1",
        "/log/tile/0/001.p/1",
    ] {
        assert_eq!(http.get_bytes(missing).0, 404, "{missing}");
    }
    for bad in ["/log/tile/0/0", "/log/tile/0/x000/000.p/1", "/log/tile/0/000.p/0"] {
        assert_eq!(http.get_bytes(bad).0, 404, "{bad}");
    }

    // The entry bundle: the record's leaves, each hashing to its hash in the tile.
    let (status, headers, bundle) = http.get_bytes("/log/tile/entries/000.p/4");
    assert_eq!(status, 200);
    assert_eq!(header(&headers, "cache-control"), Some("no-cache"));
    let data = entries(&bundle);
    assert_eq!(data.len(), 4);
    for (seq, (data, hash)) in data.iter().zip(&leaves).enumerate() {
        let words: Vec<&str> = data.split(' ').collect();
        assert_eq!(words[..3], ["kifu-leaf", game.id.as_str(), &seq.to_string()], "{data}");
        assert_eq!(words[3].len(), 64, "{data}");
        assert_eq!(merkle::leaf_hash(data.as_bytes()), *hash, "{data}");
    }
    assert_eq!(words_at(&data[0], 3), game.head, "the first leaf is the header's hash");

    // The proof bundle, as `kifu prove` writes it.
    let answer = http.get_as(&format!("/v1/records/{}/proof?seq=3", game.id), None);
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.content_type, "application/json");
    let proof = answer.json();
    assert_eq!(proof["format"], "kifu-proof 1");
    assert_eq!(proof["seq"], 3);
    assert_eq!(proof["leaves"], json!([0, 1, 2, 3]));
    let bundle_file = s.path("game.proof.json");
    std::fs::write(&bundle_file, &answer.body).unwrap();
    let export = http.get_as(&format!("/v1/records/{}/export", game.id), None);
    assert_eq!(export.status, 200);
    let file = s.path("game.kifu");
    std::fs::write(&file, &export.body).unwrap();
    assert_eq!(
        http.get_as(&format!("/v1/records/{}/proof?seq=9", game.id), None)
            .status,
        400
    );
    assert_eq!(http.get_as("/v1/records/0123456789abcdef/proof", None).status, 404);

    // Filling the first tile (a record is one leaf when made): it is served full, immutable,
    // and its root is the first hash of level 1.
    for _ in 4..256 {
        create(&http, json!({"game": "chess", "players": ["A", "B"]}));
    }
    let (status, headers, full) = http.get_bytes("/log/tile/0/000");
    assert_eq!(status, 200);
    assert_eq!(
        header(&headers, "cache-control"),
        Some("public, max-age=31536000, immutable")
    );
    let full = hashes(&full);
    assert_eq!(full.len(), 256);
    assert_eq!(full[..4], leaves[..]);
    let (status, _, up) = http.get_bytes("/log/tile/1/000.p/1");
    assert_eq!(status, 200);
    assert_eq!(hashes(&up), vec![merkle::root(&full)]);
    let (status, headers, bundle) = http.get_bytes("/log/tile/entries/000");
    assert_eq!(status, 200);
    assert_eq!(
        header(&headers, "cache-control"),
        Some("public, max-age=31536000, immutable")
    );
    let data = entries(&bundle);
    assert_eq!(data.len(), 256);
    for (data, hash) in data.iter().zip(&full) {
        assert_eq!(merkle::leaf_hash(data.as_bytes()), *hash, "{data}");
    }
    let note = String::from_utf8(http.get_bytes("/log/checkpoint").2).unwrap();
    let grown = Checkpoint::parse(verifier.open(&note).unwrap()).unwrap();
    assert_eq!((grown.size, grown.root), (256, merkle::root(&full)));
    server.terminate();

    // The bundle served checks the exported file with the store's verifier key.
    let key = s.path("store.pub");
    std::fs::write(&key, verifier.to_text()).unwrap();
    let verified = s.ok(&[
        "verify",
        file.to_str().unwrap(),
        "--proof",
        bundle_file.to_str().unwrap(),
        "--key",
        key.to_str().unwrap(),
    ]);
    assert!(verified.contains("proof: ok"), "{verified}");
    assert_eq!(s.ok(&["key"]).trim(), verifier.to_text());
}

fn words_at(data: &str, at: usize) -> String {
    data.split(' ').nth(at).unwrap().to_string()
}
