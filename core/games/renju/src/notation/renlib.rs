//! Renlib `.lib` files (binary): a 20-byte header (`FF "RenLib" FF`, major and minor
//! version, ten `FF`), then the move tree in preorder, two bytes a node: the point
//! (`row_from_top << 4 | file + 1`, 0 for none) and flags (0x80: a sibling follows after
//! this node's subtree; 0x40: no child; 0x08 / 0x20: a comment follows; 0x02: not a move;
//! 0x01: two extension bytes follow, whose 0x0001 bit announces a board text). Texts run
//! in two-byte steps up to a step holding a zero byte. Every root-to-leaf line becomes a
//! draft, the main line (first child at each branch) first. The `Format` face takes text
//! and refuses; bytes go through `read_renlib` and `write_renlib`.

use super::{draft, push, stones, Point};
use kifu_core::format::{Draft, Drafts, Format, FormatError};
use kifu_core::record::Record;

pub struct Renlib;

pub static FORMAT: Renlib = Renlib;

const MAGIC: [u8; 8] = [0xFF, b'R', b'e', b'n', b'L', b'i', b'b', 0xFF];
const SIBLING: u8 = 0x80;
const LEAF: u8 = 0x40;
const OLD_COMMENT: u8 = 0x20;
const COMMENT: u8 = 0x08;
const NO_MOVE: u8 = 0x02;
const EXTENSION: u8 = 0x01;

/// One node of the tree; node 0 is the root before the first move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node {
    /// The stone placed, `None` for the root and for nodes that are only marks.
    pub point: Option<Point>,
    pub comment: Option<String>,
    pub children: Vec<usize>,
}

/// A Renlib move tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tree {
    pub version: (u8, u8),
    pub nodes: Vec<Node>,
}

impl Tree {
    /// Every root-to-leaf line of moves, the main line first.
    pub fn lines(&self) -> Vec<Vec<Point>> {
        self.clone().into_lines().collect()
    }

    /// The lines one at a time, in the order of `lines`, holding only the current one.
    pub fn into_lines(self) -> Lines {
        Lines {
            tree: self,
            stack: vec![(0, 0)],
            line: Vec::new(),
        }
    }

    /// The children of a node that lead somewhere: bare marks (no stone, nothing after) do not.
    fn moves(&self, id: usize) -> impl Iterator<Item = usize> + '_ {
        self.nodes.get(id).into_iter().flat_map(move |node| {
            node.children.iter().copied().filter(|c| {
                self.nodes
                    .get(*c)
                    .is_some_and(|n| n.point.is_some() || !n.children.is_empty())
            })
        })
    }
}

/// A depth-first walk over a tree's lines.
pub struct Lines {
    tree: Tree,
    /// (node, how many of its moves were walked) from the root down to the current node.
    stack: Vec<(usize, usize)>,
    /// The stones from the root to the current node.
    line: Vec<Point>,
}

impl Iterator for Lines {
    type Item = Vec<Point>;

    fn next(&mut self) -> Option<Vec<Point>> {
        loop {
            let (id, walked) = self.stack.last_mut()?;
            let id = *id;
            let next = self.tree.moves(id).nth(*walked);
            let leaf = *walked == 0 && next.is_none();
            *walked += 1;
            match next {
                Some(child) => {
                    self.stack.push((child, 0));
                    self.line.extend(self.tree.nodes[child].point);
                }
                None => {
                    let found = (leaf && !self.line.is_empty()).then(|| self.line.clone());
                    self.stack.pop();
                    if self.tree.nodes[id].point.is_some() && id != 0 {
                        self.line.pop();
                    }
                    if found.is_some() {
                        return found;
                    }
                }
            }
        }
    }
}

fn point(byte: u8) -> Result<Option<Point>, String> {
    if byte == 0 {
        return Ok(None);
    }
    let (row, file) = (byte >> 4, byte & 0x0F);
    if file == 0 || row > 14 {
        return Err(format!("point byte {byte:#04x} is off the 15x15 board"));
    }
    Ok(Some(Point::new(file - 1, 14 - row)))
}

fn text(bytes: &[u8], at: &mut usize) -> Result<String, String> {
    let mut out: Vec<u8> = Vec::new();
    loop {
        let pair = bytes.get(*at..*at + 2).ok_or("the file ends inside a text")?;
        *at += 2;
        out.extend(pair.iter().filter(|b| **b != 0));
        if pair.contains(&0) {
            break;
        }
    }
    Ok(out
        .iter()
        .map(|b| *b as char)
        .collect::<String>()
        .replace('\u{8}', "\n"))
}

/// Reads a Renlib file's tree.
pub fn read_renlib(bytes: &[u8]) -> Result<Tree, FormatError> {
    let header = bytes
        .get(..20)
        .ok_or_else(|| FormatError::new("too short for a Renlib file"))?;
    if header[..8] != MAGIC {
        return Err(FormatError::new(
            "not a Renlib file (the header does not start with FF 'RenLib' FF)",
        ));
    }
    let version = (header[8], header[9]);
    let mut nodes = vec![Node {
        point: None,
        comment: None,
        children: Vec::new(),
    }];
    let mut path: Vec<usize> = vec![0];
    let mut returns: Vec<usize> = Vec::new();
    let mut at = 20;
    let mut first = true;
    while at < bytes.len() {
        let start = at;
        let fail = |why: String| FormatError::new(format!("byte {start}: {why}"));
        let (pos, flags) = match bytes.get(at..at + 2) {
            Some([p, f]) => (*p, *f),
            _ => return Err(fail("a node is cut off at the end of the file".into())),
        };
        at += 2;
        let mut board_text = false;
        if flags & EXTENSION != 0 {
            let ext = bytes
                .get(at..at + 2)
                .ok_or_else(|| fail("extension bytes are missing".into()))?;
            board_text = ext[1] & 0x01 != 0;
            at += 2;
        }
        let comment = if flags & (COMMENT | OLD_COMMENT) != 0 {
            Some(text(bytes, &mut at).map_err(fail)?)
        } else {
            None
        };
        if board_text {
            text(bytes, &mut at).map_err(fail)?;
        }
        let p = if flags & NO_MOVE != 0 {
            None
        } else {
            point(pos).map_err(fail)?
        };
        if first && pos == 0 {
            first = false;
            nodes[0].comment = comment;
            continue;
        }
        first = false;
        // A line never places two stones on one point: a file whose tree does is damaged or
        // not Renlib, and is refused whole rather than read into thousands of broken lines.
        if let Some(p) = p {
            if path.iter().any(|n| nodes.get(*n).is_some_and(|n| n.point == Some(p))) {
                return Err(fail(format!(
                    "{} is played twice on one line: the tree is damaged or this is not a Renlib file",
                    p.text()
                )));
            }
        }
        let id = nodes.len();
        nodes.push(Node {
            point: p,
            comment,
            children: Vec::new(),
        });
        let parent = *path.last().unwrap_or(&0);
        if let Some(node) = nodes.get_mut(parent) {
            node.children.push(id);
        }
        path.push(id);
        if flags & SIBLING != 0 {
            returns.push(path.len() - 1);
        }
        if flags & LEAF != 0 {
            match returns.pop() {
                Some(depth) => path.truncate(depth.max(1)),
                None => path.truncate(1),
            }
        }
    }
    Ok(Tree { version, nodes })
}

/// Every line of a Renlib file as a free-play Renju draft (`renlib-line` tag: 1 is the main
/// line), made one at a time as they are read.
pub fn renlib_drafts(bytes: &[u8]) -> Drafts<'static> {
    match read_renlib(bytes) {
        Err(e) => Box::new(std::iter::once(Err(e))),
        Ok(tree) => Box::new(tree.into_lines().enumerate().map(|(index, line)| {
            let mut d = draft("renju", 15, 1);
            d.tags.insert("renlib-line".into(), (index + 1).to_string());
            for p in line {
                push(&mut d, p.text(), 1);
            }
            Ok(d)
        })),
    }
}

fn byte(p: Point) -> u8 {
    ((14 - p.y) << 4) | (p.x + 1)
}

/// A Renlib file holding `lines` merged into one tree (shared beginnings become one path).
pub fn write_renlib(lines: &[Vec<Point>]) -> Result<Vec<u8>, FormatError> {
    let mut tree: Vec<(Option<Point>, Vec<usize>)> = vec![(None, Vec::new())];
    for line in lines {
        let mut at = 0;
        for p in line {
            if p.x > 14 || p.y > 14 {
                return Err(FormatError::new(format!(
                    "{} is off the 15x15 board Renlib holds",
                    p.text()
                )));
            }
            let found = tree[at].1.iter().copied().find(|c| tree[*c].0 == Some(*p));
            at = match found {
                Some(c) => c,
                None => {
                    tree.push((Some(*p), Vec::new()));
                    let id = tree.len() - 1;
                    tree[at].1.push(id);
                    id
                }
            };
        }
    }
    let mut out = MAGIC.to_vec();
    out.extend([3, 0]);
    out.extend([0xFF; 10]);
    // Preorder: (node, has a later sibling).
    let mut stack: Vec<(usize, bool)> = tree[0]
        .1
        .iter()
        .enumerate()
        .rev()
        .map(|(i, c)| (*c, i + 1 < tree[0].1.len()))
        .collect();
    while let Some((id, sibling)) = stack.pop() {
        let (p, children) = &tree[id];
        let mut flags = if sibling { SIBLING } else { 0 };
        if children.is_empty() {
            flags |= LEAF;
        }
        out.extend([p.map_or(0, byte), flags]);
        for (i, c) in children.iter().enumerate().rev() {
            stack.push((*c, i + 1 < children.len()));
        }
    }
    Ok(out)
}

/// The Renlib bytes of one record's stones.
pub fn write_renlib_record(record: &Record) -> Result<Vec<u8>, FormatError> {
    let s = stones(record)?;
    if s.size != 15 || s.start.is_some() {
        return Err(FormatError::new("Renlib holds 15x15 games from the empty board"));
    }
    let line: Option<Vec<Point>> = s.moves.iter().copied().collect();
    let line = line.ok_or_else(|| FormatError::new("Renlib cannot hold a pass"))?;
    write_renlib(&[line])
}

impl Format for Renlib {
    fn name(&self) -> &'static str {
        "renlib"
    }
    fn describe(&self) -> &'static str {
        "Renlib .lib move tree (binary; the main line and every variation as games)"
    }
    fn extensions(&self) -> &'static [&'static str] {
        &["lib"]
    }
    fn games(&self) -> &'static [&'static str] {
        &["renju"]
    }

    fn read(&self, text: &str) -> Vec<Result<Draft, FormatError>> {
        // Text that still holds the bytes one for one (as Latin-1 decoding leaves them) is read.
        let bytes: Option<Vec<u8>> = text.chars().map(|c| u8::try_from(c as u32).ok()).collect();
        match bytes {
            Some(bytes) if bytes.starts_with(&MAGIC) => renlib_drafts(&bytes).collect(),
            _ => vec![Err(FormatError::new(
                "this is not a Renlib .lib file (they are binary, starting with the Renlib magic bytes)",
            ))],
        }
    }

    fn write(&self, _record: &Record) -> Result<String, FormatError> {
        Err(FormatError::new(
            "Renlib .lib files are binary: they are written as bytes",
        ))
    }

    fn read_bytes(&self, bytes: &[u8]) -> Option<Drafts<'static>> {
        Some(renlib_drafts(bytes))
    }

    fn write_bytes(&self, record: &Record) -> Option<Result<Vec<u8>, FormatError>> {
        Some(write_renlib_record(record))
    }
}
