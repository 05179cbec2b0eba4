//! `alphabeta serve`: an embedded page to play every game in the browser and watch
//! alpha-beta think, and the small JSON API behind it (`docs/web-api.md`).
//!
//! - [`serve`] runs the server until Ctrl-C (what the CLI calls); [`Server`] is the async
//!   form, for tests and embedding.
//! - The API is stateless: positions travel in each game's text notation, as the user wrote
//!   them (a Connect Four move record keeps its order).
//! - Every game, level, solver and report comes from an [`alphabeta_catalogue::Catalogue`]
//!   ([`ServeOptions::catalogue`], by default [`Catalogue::standard`]): the server names no
//!   game, and a game registered in the catalogue has every route.
//! - Searches run on blocking threads, at most [`ServerLimits::max_searches`] at once, each
//!   with a time budget capped by [`ServerLimits::max_time`]; a client that disconnects stops
//!   its search.
//!
//! The library prints nothing: [`serve`] hands the URL to its caller.
//!
//! ```no_run
//! let options = alphabeta_web::ServeOptions::default();
//! alphabeta_web::serve(options, |url| println!("open {url}"))?;
//! # Ok::<(), anyhow::Error>(())
//! ```
#![deny(missing_docs)]

mod api;
mod assets;
mod error;
mod guard;
mod search;

use std::future::Future;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

pub use alphabeta_catalogue::Catalogue;
use anyhow::Context;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;

pub use api::{GameView, LimitsView, Settings};
pub use error::ApiError;
pub use search::{CountersView, SearchPool};

/// What the server accepts from clients.
#[derive(Clone, Debug)]
pub struct ServerLimits {
    /// The longest time budget of one search (a request asking for more gets this).
    pub max_time: Duration,
    /// The budget of a search whose request names none.
    pub default_time: Duration,
    /// The extra time after a budget before the server raises the stop flag itself (a
    /// player that ran out of budget gets this long to answer with its best move so far).
    pub grace: Duration,
    /// The deepest depth limit a request may ask for (and the limit of "to the end").
    pub max_depth: u32,
    /// Searches that run at once.
    pub max_searches: usize,
    /// How long a request waits for a search slot before it gets a 503.
    pub queue_wait: Duration,
    /// The largest request body in bytes.
    pub body_bytes: usize,
    /// The transposition table of each custom search (an algorithm, not a level), in bytes.
    pub tt_bytes: usize,
    /// The memory of each level's player and each solver (the Connect Four solver's table),
    /// in bytes.
    pub table_bytes: usize,
    /// How long a client may take to send a request's headers (the connection is then
    /// closed), counted from when the server waits for them (an idle kept-alive connection
    /// too).
    pub header_timeout: Duration,
    /// How long a client may take to send a request's body (then 408).
    pub body_timeout: Duration,
    /// Connections open at once; more wait in the system's queue until one closes.
    pub max_connections: usize,
}

impl Default for ServerLimits {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get);
        Self {
            max_time: Duration::from_secs(5),
            default_time: Duration::from_secs(3),
            grace: Duration::from_millis(500),
            max_depth: 128,
            max_searches: cores.max(2),
            queue_wait: Duration::from_secs(1),
            body_bytes: 64 * 1024,
            tt_bytes: 2 << 20,
            table_bytes: 32 << 20,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            max_connections: 256,
        }
    }
}

/// Where and how to serve.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// The TCP port; 0 picks a free one.
    pub port: u16,
    /// The address to listen on: loopback unless asked (`0.0.0.0` opens it to the network).
    pub bind: IpAddr,
    /// The limits.
    pub limits: ServerLimits,
    /// The games served (every game of alphabeta unless a caller adds or removes some).
    pub catalogue: Catalogue,
    /// Host names answered besides IP addresses and `localhost` (a request naming another
    /// host gets 421: a guard against DNS rebinding).
    pub allowed_hosts: Vec<String>,
}

impl Default for ServeOptions {
    fn default() -> Self {
        Self {
            port: 8080,
            bind: IpAddr::V4(Ipv4Addr::LOCALHOST),
            limits: ServerLimits::default(),
            catalogue: Catalogue::standard(),
            allowed_hosts: Vec::new(),
        }
    }
}

/// What every route shares.
#[derive(Clone)]
pub(crate) struct AppState {
    catalogue: Arc<Catalogue>,
    pool: SearchPool,
    limits: Arc<ServerLimits>,
}

/// The body timeout, for the extractor that reads bodies (see [`error::ApiJson`]).
impl axum::extract::FromRef<AppState> for error::BodyTimeout {
    fn from_ref(state: &AppState) -> Self {
        error::BodyTimeout(state.limits.body_timeout)
    }
}

impl AppState {
    fn limits_view(&self) -> LimitsView {
        let limits = &self.limits;
        LimitsView {
            max_time_ms: u64::try_from(limits.max_time.as_millis()).unwrap_or(u64::MAX),
            default_time_ms: u64::try_from(limits.default_time.as_millis()).unwrap_or(u64::MAX),
            max_depth: limits.max_depth,
            max_searches: limits.max_searches,
            queue_wait_ms: u64::try_from(limits.queue_wait.as_millis()).unwrap_or(u64::MAX),
            body_limit_bytes: limits.body_bytes,
            max_tree_nodes: alphabeta_catalogue::trace::MAX_TRACE_NODES,
        }
    }
}

/// The page and the API for the games of `catalogue`, within `limits`.
pub fn router(catalogue: Catalogue, limits: ServerLimits) -> Router {
    let state = AppState {
        catalogue: Arc::new(catalogue),
        pool: SearchPool::new(limits.max_searches, limits.queue_wait),
        limits: Arc::new(limits.clone()),
    };
    Router::new()
        .route("/", get(assets::page))
        .route("/app.js", get(assets::script))
        .route("/style.css", get(assets::style))
        .route("/api/games", get(api::games))
        .route("/api/status", get(api::status))
        .route("/api/start", post(api::start))
        .route("/api/position", post(api::position))
        .route("/api/play", post(api::play))
        .route("/api/best", post(api::best))
        .route("/api/analyse", post(api::analyse))
        .route("/api/solve", post(api::solve))
        .route("/api/tree", post(api::tree))
        .fallback(api::not_found)
        .method_not_allowed_fallback(api::method_not_allowed)
        .layer(DefaultBodyLimit::max(limits.body_bytes))
        .layer(axum::middleware::from_fn(guard::catch_panic))
        .with_state(state)
}

/// How long [`Server::run_until`] waits for the requests in flight after the shutdown.
pub const SHUTDOWN_WAIT: Duration = Duration::from_secs(10);

/// A server bound to its port, not yet serving.
#[derive(Debug)]
pub struct Server {
    listener: tokio::net::TcpListener,
    router: Router,
    address: SocketAddr,
    header_timeout: Duration,
    max_connections: usize,
}

impl Server {
    /// Binds, with the games of `options.catalogue`.
    ///
    /// # Errors
    /// When the address cannot be bound (port taken, no permission).
    pub async fn bind(options: ServeOptions) -> anyhow::Result<Self> {
        let requested = SocketAddr::new(options.bind, options.port);
        let listener = tokio::net::TcpListener::bind(requested)
            .await
            .with_context(|| format!("cannot listen on {requested}"))?;
        let address = listener.local_addr().context("cannot read the bound address")?;
        let hosts = guard::HostCheck {
            bound: address.ip(),
            names: Arc::new(
                options.allowed_hosts.iter().map(|name| name.trim().to_ascii_lowercase()).collect(),
            ),
        };
        let (header_timeout, max_connections) =
            (options.limits.header_timeout, options.limits.max_connections.max(1));
        let router = router(options.catalogue, options.limits)
            .layer(axum::middleware::from_fn_with_state(hosts, guard::check_host));
        Ok(Self { listener, router, address, header_timeout, max_connections })
    }

    /// The address the server listens on.
    #[must_use]
    pub fn local_addr(&self) -> SocketAddr {
        self.address
    }

    /// The URL to open in a browser on this machine (loopback when bound to every address).
    #[must_use]
    pub fn url(&self) -> String {
        let ip = match self.address.ip() {
            ip if ip.is_unspecified() && ip.is_ipv4() => IpAddr::V4(Ipv4Addr::LOCALHOST),
            ip if ip.is_unspecified() => IpAddr::V6(std::net::Ipv6Addr::LOCALHOST),
            ip => ip,
        };
        format!("http://{}/", SocketAddr::new(ip, self.address.port()))
    }

    /// Serves until `shutdown` completes, then finishes the requests in flight (for at most
    /// [`SHUTDOWN_WAIT`]). At most [`ServerLimits::max_connections`] connections are open at
    /// once, and each must send its headers within [`ServerLimits::header_timeout`].
    ///
    /// # Errors
    /// None so far: a failed accept (out of file descriptors) is waited out.
    pub async fn run_until(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> anyhow::Result<()> {
        use hyper_util::rt::{TokioIo, TokioTimer};
        let slots = Arc::new(tokio::sync::Semaphore::new(self.max_connections));
        let (stop, stopped) = tokio::sync::watch::channel(false);
        tokio::pin!(shutdown);
        loop {
            let permit = tokio::select! {
                () = &mut shutdown => break,
                permit = slots.clone().acquire_owned() => permit.context("connection slots")?,
            };
            let stream = tokio::select! {
                () = &mut shutdown => break,
                accepted = self.listener.accept() => match accepted {
                    Ok((stream, _)) => stream,
                    Err(_) => {
                        // Out of file descriptors, or a connection reset before it was taken.
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                },
            };
            let service = hyper_util::service::TowerToHyperService::new(self.router.clone());
            let mut stopped = stopped.clone();
            let header_timeout = self.header_timeout;
            tokio::spawn(async move {
                let _permit = permit;
                let mut builder = hyper::server::conn::http1::Builder::new();
                builder.timer(TokioTimer::new()).header_read_timeout(header_timeout);
                let connection = builder.serve_connection(TokioIo::new(stream), service);
                tokio::pin!(connection);
                tokio::select! {
                    _ = connection.as_mut() => {}
                    _ = stopped.changed() => {
                        connection.as_mut().graceful_shutdown();
                        let _ = connection.await;
                    }
                }
            });
        }
        let _ = stop.send(true);
        let all = u32::try_from(self.max_connections).unwrap_or(u32::MAX);
        let _ = tokio::time::timeout(SHUTDOWN_WAIT, slots.acquire_many(all)).await;
        Ok(())
    }

    /// Serves until Ctrl-C.
    ///
    /// # Errors
    /// When accepting connections fails.
    pub async fn run(self) -> anyhow::Result<()> {
        self.run_until(async {
            // Without a signal handler there is nothing to wait for but the process's end.
            if tokio::signal::ctrl_c().await.is_err() {
                std::future::pending::<()>().await;
            }
        })
        .await
    }
}

/// Serves the page and the API until Ctrl-C, on a runtime of its own. `on_ready` gets the
/// URL to open once the port is bound (the CLI prints it).
///
/// # Errors
/// When the runtime cannot start or the address cannot be bound.
pub fn serve(options: ServeOptions, on_ready: impl FnOnce(&str)) -> anyhow::Result<()> {
    // Searches hold a slot while they run, so a few threads more than the slots suffice;
    // a bounded pool keeps the thread count, and so the memory, flat under load.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(options.limits.max_searches.max(1) + 2)
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(async {
        let server = Server::bind(options).await?;
        on_ready(&server.url());
        server.run().await
    })
}
