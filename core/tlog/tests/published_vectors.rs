//! The tree hashes and proofs against the published RFC 6962 vectors in
//! fixtures/tlog/rfc6962_vectors.txt, and the signed-note format against the worked example
//! of Go's golang.org/x/mod/sumdb/note documentation (Ed25519 signs deterministically, so the
//! signature must come out byte for byte).

use kifu_tlog::merkle::{self, Hash};
use kifu_tlog::{Checkpoint, NoteError, Signer, Verifier};

struct Vectors {
    leaves: Vec<Vec<u8>>,
    roots: Vec<Hash>,
    inclusion: Vec<(u64, u64, Vec<Hash>)>,
    consistency: Vec<(u64, u64, Vec<Hash>)>,
}

fn unhex(text: &str) -> Vec<u8> {
    if text == "-" {
        return Vec::new();
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).unwrap())
        .collect()
}

fn hash(text: &str) -> Hash {
    unhex(text).try_into().unwrap()
}

fn vectors() -> Vectors {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/tlog/rfc6962_vectors.txt");
    let mut v = Vectors {
        leaves: Vec::new(),
        roots: Vec::new(),
        inclusion: Vec::new(),
        consistency: Vec::new(),
    };
    for line in std::fs::read_to_string(path).unwrap().lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["leaf", _, data] => v.leaves.push(unhex(data)),
            ["root", _, root] => v.roots.push(hash(root)),
            ["inclusion", a, b, rest @ ..] => v.inclusion.push((
                a.parse().unwrap(),
                b.parse().unwrap(),
                rest.iter().map(|h| hash(h)).collect(),
            )),
            ["consistency", a, b, rest @ ..] => v.consistency.push((
                a.parse().unwrap(),
                b.parse().unwrap(),
                rest.iter().map(|h| hash(h)).collect(),
            )),
            _ => {}
        }
    }
    v
}

#[test]
fn tree_hashes_match_the_published_roots() {
    let v = vectors();
    let leaves: Vec<Hash> = v.leaves.iter().map(|d| merkle::leaf_hash(d)).collect();
    assert_eq!(v.roots.len(), 9);
    for (size, root) in v.roots.iter().enumerate() {
        assert_eq!(merkle::root(&leaves[..size]), *root, "tree of {size}");
    }
}

#[test]
fn proofs_match_the_published_ones_and_verify() {
    let v = vectors();
    let leaves: Vec<Hash> = v.leaves.iter().map(|d| merkle::leaf_hash(d)).collect();
    for (index, size, path) in &v.inclusion {
        let made = merkle::inclusion_path(*index as usize, &leaves[..*size as usize]).unwrap();
        assert_eq!(&made, path, "inclusion of {index} in {size}");
        merkle::verify_inclusion(*index, *size, &leaves[*index as usize], path, &v.roots[*size as usize]).unwrap();
    }
    for (old, new, proof) in &v.consistency {
        let made = merkle::consistency_proof(*old as usize, &leaves[..*new as usize]).unwrap();
        assert_eq!(&made, proof, "consistency of {old} in {new}");
        merkle::verify_consistency(*old, *new, &v.roots[*old as usize], &v.roots[*new as usize], proof).unwrap();
        if !proof.is_empty() {
            let wrong_old = &v.roots[*old as usize - 1];
            assert!(merkle::verify_consistency(*old, *new, wrong_old, &v.roots[*new as usize], proof).is_err());
        }
    }
}

const PETER_SIGNER: &str = "PRIVATE+KEY+PeterNeumann+c74f20a3+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz";
const PETER_VERIFIER: &str = "PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW";
const PETER_TEXT: &str =
    "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n";
const PETER_NOTE: &str = "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n\n\u{2014} PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n";

#[test]
fn the_signed_note_example_is_reproduced_byte_for_byte() {
    let signer = Signer::parse(PETER_SIGNER).unwrap();
    assert_eq!(signer.to_text(), PETER_SIGNER);
    assert_eq!(signer.verifier().to_text(), PETER_VERIFIER);
    assert_eq!(signer.sign(PETER_TEXT).unwrap(), PETER_NOTE);
    let verifier = Verifier::parse(PETER_VERIFIER).unwrap();
    assert_eq!(verifier.open(PETER_NOTE).unwrap(), PETER_TEXT);
    let altered = PETER_NOTE.replace("cryptography", "cryptographY");
    assert!(matches!(verifier.open(&altered), Err(NoteError::BadSignature(_))));
    let other = Signer::from_seed("PeterNeumann", &[7; 32]).unwrap().verifier();
    assert!(other.open(PETER_NOTE).is_err(), "another key of the same name");
}

#[test]
fn a_signed_checkpoint_reads_back() {
    let v = vectors();
    let checkpoint = Checkpoint {
        origin: "kifu.example/club".into(),
        size: 8,
        root: v.roots[8],
        extensions: vec![],
    };
    let text = checkpoint.to_text(); // the root in base64, as Python's base64 module writes it
    assert_eq!(
        text,
        "kifu.example/club\n8\nXcnaeacGWamtVZy3Ad7ZoqudgjqtL0lgz+Nw7/RgQyg=\n"
    );
    let signer = Signer::from_seed("kifu.example/club", &[9; 32]).unwrap();
    let note = signer.sign(&text).unwrap();
    let opened = signer.verifier().open(&note).unwrap();
    assert_eq!(Checkpoint::parse(opened).unwrap(), checkpoint);
    for bad in [
        "x\n08\nXcnaeacGWamtVZy3Ad7ZoqudgjqtL0lgz+Nw7/RgQyg=\n",
        "x\n8\nnotbase64\n",
        "x\n8\n",
    ] {
        assert!(Checkpoint::parse(bad).is_err(), "{bad}");
    }
}
