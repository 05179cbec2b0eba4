//! `alphabeta serve`: the page and the JSON API of `alphabeta-web` (docs/web-api.md).

use std::net::IpAddr;
use std::process::ExitCode;

use anyhow::Result;

use clap::Args;

use crate::Context;

/// `serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The TCP port (0 picks a free one).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on; 0.0.0.0 opens the server to the network.
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: IpAddr,
    /// A host name the server answers to besides its addresses and localhost (repeatable);
    /// requests naming any other host get 421, a guard against DNS rebinding.
    #[arg(long = "allow-host", value_name = "NAME")]
    pub allow_host: Vec<String>,
}

/// Serves until Ctrl-C; prints the URL to open once the port is bound.
pub fn run(args: &ServeArgs, context: &mut Context<'_>) -> Result<ExitCode> {
    let options = alphabeta_web::ServeOptions {
        port: args.port,
        bind: args.bind,
        allowed_hosts: args.allow_host.clone(),
        ..Default::default()
    };
    let everywhere = args.bind.is_unspecified();
    let out = &mut *context.out;
    alphabeta_web::serve(options, |url| {
        // The server runs on if nobody reads this (a closed output is not an error here).
        let _ = writeln!(out, "alphabeta: open {url} (Ctrl-C stops the server)");
        if everywhere {
            let _ = writeln!(
                out,
                "alphabeta: listening on every address ({}): other machines can connect",
                args.bind
            );
        }
        let _ = out.flush();
    })?;
    Ok(ExitCode::SUCCESS)
}
