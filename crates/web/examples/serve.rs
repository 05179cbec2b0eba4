//! Runs the server (until the `serve` subcommand exists in the CLI): `cargo run -p
//! alphabeta-web --example serve -- [PORT]`. Prints the URL on the first line.

fn main() -> anyhow::Result<()> {
    let port = std::env::args().nth(1).map(|port| port.parse()).transpose()?.unwrap_or(8080);
    let options = alphabeta_web::ServeOptions { port, ..Default::default() };
    alphabeta_web::serve(options, |url| println!("{url}"))
}
