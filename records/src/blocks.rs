//! The log's entries as stored: blocks of up to `BLOCK` canonical lines, each block one zstd
//! frame beside the chain hash after its last entry, compressed (with zstd's checksum) or, for a
//! record's partial last block as an append leaves it, the text as it is in zstd's raw blocks.
//! Block k of a record holds entries k*BLOCK+1 ..= (k+1)*BLOCK and is keyed by its first seq;
//! each line is stored without its leading seq, which the block's place gives. This module only
//! packs and unpacks lines; it never judges them (see `read::verified_record`).

use kifu_core::record::{chain_step, push_decimal, Entry, EntryLines, Hash};
use redb::ReadableTable;
use std::io::Read;

use crate::error::StoreError;
use crate::tables::Numbered;

/// Entries a block holds.
pub const BLOCK: u64 = 128;

/// zstd's level. Level 1 packs the bench's chess blocks (moves and clock notes, each with a
/// state hash in hex) as small as the default level 3 did (409 against 413 kB for 1.21 MB of
/// lines) in four fifths of the time; any level reads back alike (docs/BENCHMARKS.md,
/// "2026-11-25: the store's write path").
const LEVEL: i32 = 1;

/// A block unpacks to at most this many bytes: a damaged block can never claim more.
const MAX_BLOCK_BYTES: u64 = 64 << 20;

/// Room made at once for a block's text, at most (a chess block is about 6 kB).
const USUAL_BLOCK_BYTES: u64 = 64 << 10;

/// The first seq of the block holding entry `seq` (1-based).
pub fn block_start(seq: u64) -> u64 {
    (seq.saturating_sub(1) / BLOCK) * BLOCK + 1
}

/// How a block's text is stored. Both forms are zstd frames, so every reader (`unpack`, and a
/// kifu from before the plain form) reads either without knowing which it holds; the frame's
/// block types say it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// Compressed, with zstd's checksum: every full block, and every block import writes.
    Packed,
    /// The text as it is, in raw blocks of a zstd frame, no checksum (the chain hash stored
    /// beside it, checked by every read, covers its bytes): a record's partial last block as
    /// an append leaves it, since the next append rewrites it. Packing it at every append was
    /// a tenth of a durable append's CPU (docs/BENCHMARKS.md).
    Plain,
}

/// Writes into `text` the lines of the block starting at entry `start`, each without its seq
/// (which must begin it), one a line.
fn write_block<'a>(start: u64, lines: impl IntoIterator<Item = &'a str>, text: &mut String) -> Result<(), StoreError> {
    for (seq, line) in (start..).zip(lines) {
        let rest =
            after_seq(line, seq).ok_or_else(|| StoreError::Damaged(format!("entry {seq} is stored as '{line}'")))?;
        if seq > start {
            text.push('\n');
        }
        text.push_str(rest);
    }
    Ok(())
}

/// `line` without its leading `seq` and the space after it, or `None` if it does not begin so.
fn after_seq(line: &str, seq: u64) -> Option<&str> {
    let (number, rest) = line.split_once(' ')?;
    // Written as `seq` is written: digits only, no leading zero.
    let decimal = number.bytes().all(|b| b.is_ascii_digit()) && (number == "0" || !number.starts_with('0'));
    (decimal && number.parse() == Ok(seq)).then_some(rest)
}

/// A block's text (its lines without their seqs, one a line) compressed.
fn compress(text: &str) -> Result<Vec<u8>, StoreError> {
    COMPRESSOR.with(|cell| {
        let failed = |e: std::io::Error| StoreError::Damaged(format!("compressing a block: {e}"));
        let mut slot = cell.borrow_mut();
        if slot.is_none() {
            let mut made = zstd::bulk::Compressor::new(LEVEL).map_err(failed)?;
            made.set_parameter(zstd::stream::raw::CParameter::ChecksumFlag(true))
                .map_err(failed)?;
            *slot = Some(made);
        }
        let compressor = slot.as_mut().expect("made above");
        // Given the whole block, zstd sizes its tables to it and writes its size in the frame.
        compressor.compress(text.as_bytes()).map_err(failed)
    })
}

/// The block rows of a new record whose chain starts at `head` (its header's hash), packed
/// from its entries, which must be numbered 1, 2, ... as they are the same bytes `pack_lines`
/// gives their canonical lines; the chain hash after each entry is pushed onto `chain`.
pub fn pack_entries(head: Hash, entries: &[Entry], chain: &mut Vec<Hash>) -> Result<Vec<Row>, StoreError> {
    let lines = EntryLines::of(entries);
    let first = chain.len();
    let mut last = head;
    for line in lines.iter() {
        last = chain_step(&last, line);
        chain.push(last);
    }
    pack_lines(&lines, &chain[first..])
}

/// The block rows of a new record from its entries' canonical `lines` (entries 1, 2, ...,
/// each line beginning with its seq) and `chain`, the chain hash after each line.
pub fn pack_lines(lines: &EntryLines, chain: &[Hash]) -> Result<Vec<Row>, StoreError> {
    if chain.len() != lines.len() {
        return Err(StoreError::Damaged(format!(
            "{} chain hashes for {} lines",
            chain.len(),
            lines.len()
        )));
    }
    let mut rows = Vec::with_capacity(lines.len().div_ceil(BLOCK as usize));
    let mut text = String::new();
    for at in (0..lines.len()).step_by(BLOCK as usize) {
        let end = (at + BLOCK as usize).min(lines.len());
        text.clear();
        write_block(at as u64 + 1, lines.range(at..end), &mut text)?;
        rows.push((at as u64 + 1, chain[end - 1], compress(&text)?));
    }
    Ok(rows)
}

/// The largest raw block a frame may hold (zstd's `Block_Maximum_Size` with the window below).
const RAW_BLOCK: usize = 128 << 10;

/// `text` as one zstd frame of raw blocks (RFC 8878, section 3.1.1): the magic number; a
/// header with a window of 128 KiB, the content's size in 8 bytes, no checksum and no
/// dictionary; then the text in raw blocks of at most 128 KiB, each after its 3-byte header
/// (the last-block bit, block type 0 = raw, the size). Any zstd decoder reads it back.
fn raw_frame(text: &str) -> Vec<u8> {
    let bytes = text.as_bytes();
    let mut frame = Vec::with_capacity(14 + bytes.len() + 3 * (bytes.len() / RAW_BLOCK + 1));
    frame.extend_from_slice(&[0x28, 0xB5, 0x2F, 0xFD]);
    // Frame_Header_Descriptor: Frame_Content_Size in 8 bytes, not a single segment (so a
    // Window_Descriptor follows), no checksum, no dictionary.
    frame.push(0b1100_0000);
    // Window_Descriptor: exponent 7, mantissa 0: 2^(10 + 7) bytes.
    frame.push(7 << 3);
    frame.extend_from_slice(&(bytes.len() as u64).to_le_bytes());
    let count = bytes.len().div_ceil(RAW_BLOCK).max(1);
    for index in 0..count {
        let chunk = &bytes[(index * RAW_BLOCK).min(bytes.len())..((index + 1) * RAW_BLOCK).min(bytes.len())];
        let last = u32::from(index + 1 == count);
        let header = (chunk.len() as u32) << 3 | last;
        frame.extend_from_slice(&header.to_le_bytes()[..3]);
        frame.extend_from_slice(chunk);
    }
    frame
}

thread_local! {
    /// One compression context a thread, kept between blocks: making one (its tables) was a
    /// tenth of a durable append's CPU time.
    static COMPRESSOR: std::cell::RefCell<Option<zstd::bulk::Compressor<'static>>> =
        const { std::cell::RefCell::new(None) };
}

thread_local! {
    /// One decompression context a thread, kept between blocks: making one was a sixth of
    /// `kifu check`'s CPU. Its window is capped at 16 MiB, as every block's is.
    static DECOMPRESSOR: std::cell::RefCell<Option<zstd::zstd_safe::DCtx<'static>>> =
        const { std::cell::RefCell::new(None) };
}

/// The lines of the stored block that starts at entry `start`, or why it does not unpack.
pub fn unpack(start: u64, bytes: &[u8]) -> Result<Vec<String>, String> {
    let text = unpack_text(bytes)?;
    Ok((start..)
        .zip(text.split('\n'))
        .map(|(seq, rest)| {
            let mut line = String::with_capacity(rest.len() + 8);
            write_line(seq, rest, &mut line);
            line
        })
        .collect())
}

/// Writes into `line` (cleared) entry `seq`'s line from `rest`, the line as a block's text
/// holds it (without its seq): what `unpack` gives, into a buffer kept between lines.
pub fn write_line(seq: u64, rest: &str, line: &mut String) {
    line.clear();
    push_decimal(line, seq);
    line.push(' ');
    line.push_str(rest);
}

/// The text of a stored block (its lines without their seqs, one a line), or why it does not
/// unpack.
pub fn unpack_text(bytes: &[u8]) -> Result<String, String> {
    let text = DECOMPRESSOR.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.is_none() {
            let mut context = zstd::zstd_safe::DCtx::create();
            context
                .set_parameter(zstd::zstd_safe::DParameter::WindowLogMax(24))
                .map_err(|code| zstd::zstd_safe::get_error_name(code).to_string())?;
            *slot = Some(context);
        }
        let context = slot.as_mut().expect("made above");
        // A fresh session on the kept context: nothing of the last block carries over.
        let decoder = zstd::stream::read::Decoder::with_context(bytes, context);
        // Room for the size the frame states (every block's frame states it), so that the
        // text is not grown and copied as it comes; a damaged size gets no more than a block's
        // usual room, and the text grows past it as it would from nothing.
        let stated = zstd::zstd_safe::get_frame_content_size(bytes).ok().flatten();
        let mut text = Vec::with_capacity(stated.map_or(0, |size| size.min(USUAL_BLOCK_BYTES) as usize));
        decoder
            .take(MAX_BLOCK_BYTES + 1)
            .read_to_end(&mut text)
            .map_err(|e| format!("it does not decompress ({e})"))?;
        Ok::<_, String>(text)
    })?;
    if text.len() as u64 > MAX_BLOCK_BYTES {
        return Err("it unpacks to more than a block can hold".into());
    }
    String::from_utf8(text).map_err(|_| "it unpacks to text that is not UTF-8".to_string())
}

/// A block row to write: (the block's first seq, chain hash after its last entry, the
/// packed lines).
pub type Row = (u64, Hash, Vec<u8>);

/// Appends `lines` (entries `first`, `first + 1`, ...) to `record`, whose chain stood at
/// `head` before them; returns the chain hash after each line. The block they start in is
/// unpacked, extended and written again, packed, as import writes every block.
pub fn append(
    table: &mut redb::Table<(u64, u64), (Hash, &'static [u8])>,
    record: Numbered,
    first: u64,
    head: Hash,
    lines: &[String],
) -> Result<Vec<Hash>, StoreError> {
    let extended = extend(
        |start| stored_block(table, record.number, start),
        record.id,
        first,
        head,
        lines,
        None,
        Form::Packed,
    )?;
    write(table, record.number, &extended.rows)?;
    Ok(extended.hashes)
}

/// A record's last block unpacked, as a writer holds it between appends: its text grows by a
/// line an append, and is stored as it is (plain) or packed, without being made again from
/// its lines each time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unpacked {
    /// The block's first seq.
    pub start: u64,
    /// How many lines it holds.
    pub count: u64,
    /// Its lines without their seqs, one a line, as a block's frame holds them.
    pub text: String,
}

impl Unpacked {
    /// Adds `line`, which must begin with the seq that follows the block's last.
    fn push(&mut self, line: &str) -> Result<(), StoreError> {
        let seq = self.start + self.count;
        let rest =
            after_seq(line, seq).ok_or_else(|| StoreError::Damaged(format!("entry {seq} is stored as '{line}'")))?;
        if self.count > 0 {
            self.text.push('\n');
        }
        self.text.push_str(rest);
        self.count += 1;
        Ok(())
    }

    /// The block's bytes as stored in `form`.
    fn stored(&self, form: Form) -> Result<Vec<u8>, StoreError> {
        match form {
            Form::Packed => compress(&self.text),
            Form::Plain => Ok(raw_frame(&self.text)),
        }
    }
}

/// What appending lines to a record's blocks makes.
pub struct Extended {
    /// The block rows to write.
    pub rows: Vec<Row>,
    /// The chain hash after each line appended.
    pub hashes: Vec<Hash>,
    /// The record's last block after them, unpacked, for the next append to start from.
    pub last: Unpacked,
}

/// The stored bytes of record `number`'s block that starts at entry `start`, if there is one.
pub fn stored_block(
    table: &impl ReadableTable<(u64, u64), (Hash, &'static [u8])>,
    number: u64,
    start: u64,
) -> Result<Option<Vec<u8>>, StoreError> {
    Ok(table.get((number, start))?.map(|v| v.value().1.to_vec()))
}

/// The block rows that appending `lines` (entries `first`, ...) to record `id` would write,
/// and the chain hash after each line; reads only, so a refusal found here leaves no trace.
/// `known` is the record's last block as the caller holds it unpacked (`tail`); it is used
/// only when it is the block `first` goes into and ends just before `first`, else the block
/// is read with `stored` (given its first seq: `stored_block`). A block the lines fill is
/// packed; one they leave partial is stored in `partial`.
pub fn extend(
    mut stored: impl FnMut(u64) -> Result<Option<Vec<u8>>, StoreError>,
    id: &str,
    first: u64,
    head: Hash,
    lines: &[String],
    known: Option<Unpacked>,
    partial: Form,
) -> Result<Extended, StoreError> {
    let mut rows = Vec::new();
    let mut chain = head;
    let mut hashes = Vec::with_capacity(lines.len());
    let mut seq = first;
    let mut rest = lines;
    let mut known = known;
    let mut last = Unpacked {
        start: block_start(first),
        count: 0,
        text: String::new(),
    };
    while !rest.is_empty() {
        let start = block_start(seq);
        let mut block = match known.take() {
            Some(held) if start < seq && held.start == start && start + held.count == seq => held,
            _ if start < seq => match stored(start)? {
                Some(bytes) => {
                    let damaged = |why| StoreError::Damaged(format!("record {id}, entries from {start}: {why}"));
                    let text = unpack_text(&bytes).map_err(damaged)?;
                    let count = text.split('\n').count() as u64;
                    if start + count != seq {
                        return Err(damaged(format!(
                            "it holds {count} entries where {} are due",
                            seq - start
                        )));
                    }
                    Unpacked { start, count, text }
                }
                None => {
                    return Err(StoreError::Damaged(format!(
                        "record {id}: the block of entries from {start} is missing"
                    )))
                }
            },
            _ => Unpacked {
                start,
                count: 0,
                text: String::new(),
            },
        };
        let room = (start + BLOCK - seq) as usize;
        let (now, later) = rest.split_at(room.min(rest.len()));
        for line in now {
            chain = chain_step(&chain, line);
            hashes.push(chain);
            block.push(line)?;
        }
        let form = if block.count == BLOCK { Form::Packed } else { partial };
        rows.push((start, chain, block.stored(form)?));
        seq += now.len() as u64;
        rest = later;
        last = block;
    }
    Ok(Extended { rows, hashes, last })
}

/// Writes the rows [`extend`] made for record `number`.
pub fn write(
    table: &mut redb::Table<(u64, u64), (Hash, &'static [u8])>,
    number: u64,
    rows: &[Row],
) -> Result<(), StoreError> {
    for (start, chain, bytes) in rows {
        table.insert((number, *start), (*chain, bytes.as_slice()))?;
    }
    Ok(())
}

/// The stored blocks of record `number` in order: (first seq, chain hash after it, packed
/// lines).
pub fn stored(
    table: &impl ReadableTable<(u64, u64), (Hash, &'static [u8])>,
    number: u64,
) -> Result<Vec<(u64, Hash, Vec<u8>)>, StoreError> {
    let mut out = Vec::new();
    for item in table.range((number, 0)..=(number, u64::MAX))? {
        let (key, value) = item?;
        let (chain, bytes) = value.value();
        out.push((key.value().1, chain, bytes.to_vec()));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kifu_core::record::Actor;

    /// The lines of the block starting at entry `start`, each of which must begin with its seq,
    /// stored in `form`.
    fn pack<'a>(start: u64, lines: impl IntoIterator<Item = &'a str>, form: Form) -> Result<Vec<u8>, StoreError> {
        let mut text = String::new();
        write_block(start, lines, &mut text)?;
        match form {
            Form::Packed => compress(&text),
            Form::Plain => Ok(raw_frame(&text)),
        }
    }

    #[test]
    fn a_new_records_entries_pack_to_the_bytes_and_chain_of_their_lines() {
        // 300 entries: two full blocks and a part one, moves and notes, with and without times.
        let entries: Vec<Entry> = (1..=300u64)
            .map(|seq| Entry {
                seq,
                actor: if seq % 3 == 0 {
                    Actor::Note
                } else {
                    Actor::Seat((seq % 2) as u8)
                },
                command: format!("m{seq} {}", "x".repeat(seq as usize % 5)),
                time: (seq % 4 == 0).then(|| format!("2026-11-25T00:00:{:02}Z", seq % 60)),
                state: (seq % 3 != 0).then_some([seq as u8; 8]),
            })
            .collect();
        let lines: Vec<String> = entries.iter().map(Entry::canonical_line).collect();
        let head = [7; 32];
        let mut chain = Vec::new();
        let rows = pack_entries(head, &entries, &mut chain).unwrap();
        let mut expected_chain = Vec::new();
        let mut last = head;
        for line in &lines {
            last = chain_step(&last, line);
            expected_chain.push(last);
        }
        assert_eq!(chain, expected_chain);
        let expected_rows: Vec<Row> = [(1, 0..128), (129, 128..256), (257, 256..300)]
            .into_iter()
            .map(|(start, range)| {
                (
                    start,
                    expected_chain[range.end - 1],
                    pack(start, lines[range].iter().map(String::as_str), Form::Packed).unwrap(),
                )
            })
            .collect();
        assert_eq!(rows, expected_rows);
        assert_eq!(unpack(257, &rows[2].2).unwrap(), lines[256..].to_vec());
        // Entries not numbered from 1 on are refused, as `pack` refuses their lines.
        let mut skipped = entries.clone();
        skipped.remove(5);
        assert!(pack_entries(head, &skipped, &mut Vec::new()).is_err());
        assert!(pack_entries(head, &[], &mut chain).unwrap().is_empty());
    }

    #[test]
    fn a_plain_block_is_a_zstd_frame_of_its_text_as_it_is() {
        let lines: Vec<String> = (129..=228).map(|n| format!("{n} p1 e4 ; s=0123456789abcdef")).collect();
        let plain = pack(129, lines.iter().map(String::as_str), Form::Plain).unwrap();
        let text: Vec<&str> = lines.iter().map(|l| l.split_once(' ').unwrap().1).collect();
        let text = text.join("\n");
        // The text is stored as it is, after the frame's 14 bytes of header and one block's 3.
        assert_eq!(plain.len(), 14 + 3 + text.len());
        assert_eq!(&plain[17..], text.as_bytes());
        // zstd itself reads it (as a kifu from before the plain form does), and so does `unpack`.
        assert_eq!(zstd::decode_all(plain.as_slice()).unwrap(), text.as_bytes());
        assert_eq!(unpack(129, &plain).unwrap(), lines);
        // Past zstd's largest block, in several raw blocks; and a frame cut short is refused.
        let long: Vec<String> = (1..=3).map(|n| format!("{n} p1 {}", "x".repeat(100_000))).collect();
        let plain = pack(1, long.iter().map(String::as_str), Form::Plain).unwrap();
        assert_eq!(unpack(1, &plain).unwrap(), long);
        assert!(unpack(1, &plain[..plain.len() - 1]).is_err());
        assert_eq!(zstd::decode_all(raw_frame("").as_slice()).unwrap(), b"");
    }

    #[test]
    fn an_append_packs_the_blocks_it_fills_and_leaves_the_last_partial_one_as_asked() {
        let dir = tempfile::tempdir().unwrap();
        let db = redb::Database::create(dir.path().join("blocks.redb")).unwrap();
        let table_of: redb::TableDefinition<(u64, u64), (Hash, &[u8])> = redb::TableDefinition::new("entry_blocks");
        let txn = db.begin_write().unwrap();
        let table = txn.open_table(table_of).unwrap();
        let lines: Vec<String> = (1..=200).map(|n| format!("{n} p1 m{}", n % 7)).collect();
        let is_plain = |bytes: &[u8]| bytes[4] == 0b1100_0000;
        for (partial, last_plain) in [(Form::Plain, true), (Form::Packed, false)] {
            let extended = extend(
                |start| stored_block(&table, 0, start),
                "r",
                1,
                [0; 32],
                &lines,
                None,
                partial,
            )
            .unwrap();
            let starts: Vec<u64> = extended.rows.iter().map(|row| row.0).collect();
            assert_eq!(starts, [1, 129]);
            assert!(!is_plain(&extended.rows[0].2), "a full block is packed");
            assert_eq!(is_plain(&extended.rows[1].2), last_plain);
            assert_eq!(unpack(129, &extended.rows[1].2).unwrap(), lines[128..].to_vec());
            assert_eq!(
                (extended.last.start, extended.last.count),
                (129, lines.len() as u64 - 128)
            );
            assert_eq!(
                unpack(129, &extended.last.stored(Form::Plain).unwrap()).unwrap(),
                lines[128..].to_vec()
            );
        }
    }

    #[test]
    fn blocks_start_every_block_entries() {
        assert_eq!([1, 2, 128, 129, 256, 257].map(block_start), [1, 1, 1, 129, 129, 257]);
    }

    #[test]
    fn a_block_unpacks_to_its_lines_and_a_damaged_one_does_not() {
        let lines: Vec<String> = (129..=228).map(|n| format!("{n} p1 e4 ; s=0123456789abcdef")).collect();
        let packed = pack(129, lines.iter().map(String::as_str), Form::Packed).unwrap();
        assert_eq!(unpack(129, &packed).unwrap(), lines);
        assert!(
            pack(1, lines.iter().map(String::as_str), Form::Packed).is_err(),
            "a line must begin with its seq"
        );
        for (line, seq, rest) in [
            ("7 p1 e4", 7, Some("p1 e4")),
            ("07 p1 e4", 7, None),
            ("+7 p1", 7, None),
            ("70 p1", 7, None),
        ] {
            assert_eq!(after_seq(line, seq), rest, "{line}");
        }
        assert!(packed.len() < lines.concat().len() / 4, "{} bytes", packed.len());
        // A changed byte is refused, or (in a bit zstd ignores) changes nothing: never other lines.
        let mut refused = 0;
        for at in 0..packed.len() {
            for bit in 0..8 {
                let mut bad = packed.clone();
                bad[at] ^= 1 << bit;
                match unpack(129, &bad) {
                    Ok(got) => assert_eq!(got, lines, "byte {at} bit {bit}"),
                    Err(_) => refused += 1,
                }
            }
        }
        assert!(refused > packed.len() * 7, "{refused} of {} refused", packed.len() * 8);
    }
}
