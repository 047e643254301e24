//! `kifu completions SHELL` and `kifu man`: the shell's completion script and the manual pages,
//! both made from the same clap definition the command line is parsed with, so they never
//! drift from it. Nothing here touches a store.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::ok;
use crate::exit::{CliError, CliResult};

#[derive(Clone, Copy, ValueEnum)]
pub enum Shell {
    Bash,
    Zsh,
    Fish,
    Powershell,
    Elvish,
}

/// Print the shell's completion script for kifu
#[derive(Args)]
#[command(after_help = "Examples:
  kifu completions bash > ~/.local/share/bash-completion/completions/kifu
  kifu completions zsh > ~/.zfunc/_kifu        # with fpath+=(~/.zfunc) before compinit
  kifu completions fish > ~/.config/fish/completions/kifu.fish")]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, powershell or elvish
    #[arg(value_enum, ignore_case = true)]
    pub shell: Shell,
}

pub fn completions(args: CompletionsArgs) -> CliResult {
    let mut command = crate::command();
    let shell = match args.shell {
        Shell::Bash => clap_complete::Shell::Bash,
        Shell::Zsh => clap_complete::Shell::Zsh,
        Shell::Fish => clap_complete::Shell::Fish,
        Shell::Powershell => clap_complete::Shell::PowerShell,
        Shell::Elvish => clap_complete::Shell::Elvish,
    };
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "kifu", &mut script);
    super::write_output(None, &script)
}

/// Print kifu's manual page (roff), or write one page per command into a folder
#[derive(Args)]
#[command(after_help = "Examples:
  kifu man | man -l -                          # read it now
  kifu man --dir ~/.local/share/man/man1       # kifu.1, kifu-new.1, kifu-play.1, ... for `man kifu-play`")]
pub struct ManArgs {
    /// Write kifu.1 and a kifu-COMMAND.1 for every command into this folder instead
    #[arg(long, value_name = "FOLDER")]
    pub dir: Option<PathBuf>,
}

pub fn man(args: ManArgs) -> CliResult {
    let command = crate::command();
    let Some(dir) = args.dir else {
        let mut page = Vec::new();
        render(&command, "kifu", &mut page)?;
        return super::write_output(None, &page);
    };
    std::fs::create_dir_all(&dir).map_err(|e| CliError::input(format!("{}: {e}", dir.display())))?;
    let mut written = 0;
    let mut pages = vec![(String::from("kifu"), command.clone())];
    for sub in command.get_subcommands() {
        pages.push((format!("kifu-{}", sub.get_name()), sub.clone()));
    }
    for (name, page_command) in pages {
        let mut page = Vec::new();
        render(&page_command, &name, &mut page)?;
        let path = dir.join(format!("{name}.1"));
        std::fs::write(&path, page).map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
        written += 1;
    }
    out!("{written} pages written to {}", dir.display());
    ok()
}

/// The page of `command`, titled `name` (`kifu-play` for `kifu play`).
fn render(command: &clap::Command, name: &str, into: &mut Vec<u8>) -> Result<(), CliError> {
    clap_mangen::Man::new(command.clone())
        .title(name.to_uppercase())
        .render(into)
        .map_err(|e| CliError::input(format!("the manual page: {e}")))
}
