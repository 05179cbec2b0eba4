//! The JSON routes (documented in `docs/web-api.md`), each written once over the catalogue.
//! Stateless: every request carries its position in the game's text notation, and every
//! answer that describes a position gives it back in the same notation and move order.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use alphabeta_catalogue::{
    Analysis, GameHandle, GameInfo, Method, PositionInput, PositionView, Report, Request,
    Resources, SearchOptions,
};
use axum::extract::State;
use axum::Json;
use serde::{Deserialize, Serialize};

use crate::error::{ApiError, ApiJson};
use crate::search::CountersView;
use crate::AppState;
use alphabeta_catalogue::trace::{TraceRequest, TraceView};

/// A game as `GET /api/games` lists it: the catalogue's [`GameInfo`] and its start.
#[derive(Clone, Debug, Serialize)]
pub struct GameView {
    /// Names, sides, who may start, levels, the default level, rules and help texts.
    #[serde(flatten)]
    pub info: GameInfo,
    /// The starting position with the usual first side to move.
    pub start: Option<PositionView>,
}

/// `GET /api/games`.
#[derive(Serialize)]
pub struct GamesReply {
    games: Vec<GameView>,
    limits: LimitsView,
}

/// The server's limits, as clients see them.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct LimitsView {
    /// The longest time budget of one search.
    pub max_time_ms: u64,
    /// The budget of a search whose request names none.
    pub default_time_ms: u64,
    /// The deepest depth limit accepted.
    pub max_depth: u32,
    /// Searches that run at once.
    pub max_searches: usize,
    /// How long a request waits for a search slot before a 503.
    pub queue_wait_ms: u64,
    /// The largest request body.
    pub body_limit_bytes: usize,
    /// The largest tree the explorer traces, in nodes.
    pub max_tree_nodes: usize,
}

pub(crate) async fn games(State(state): State<AppState>) -> Json<GamesReply> {
    let games = state
        .catalogue
        .iter()
        .map(|game| GameView { info: game.info(), start: game.start(None).ok() })
        .collect();
    Json(GamesReply { games, limits: state.limits_view() })
}

/// `GET /api/status`.
#[derive(Serialize)]
pub struct StatusReply {
    searches: CountersView,
    limits: LimitsView,
}

pub(crate) async fn status(State(state): State<AppState>) -> Json<StatusReply> {
    Json(StatusReply { searches: state.pool.counters(), limits: state.limits_view() })
}

/// `POST /api/start`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartRequest {
    game: String,
    #[serde(default)]
    first: Option<String>,
}

pub(crate) async fn start(
    State(state): State<AppState>,
    ApiJson(request): ApiJson<StartRequest>,
) -> Result<Json<PositionView>, ApiError> {
    let game = state.catalogue.get(&request.game)?;
    Ok(Json(game.start(request.first.as_deref())?))
}

/// `POST /api/position`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionRequest {
    game: String,
    position: String,
    #[serde(default)]
    to_move: Option<String>,
}

pub(crate) async fn position(
    State(state): State<AppState>,
    ApiJson(request): ApiJson<PositionRequest>,
) -> Result<Json<PositionView>, ApiError> {
    let input = PositionInput { position: request.position, to_move: request.to_move };
    Ok(Json(state.catalogue.get(&request.game)?.position(&input)?))
}

/// `POST /api/play`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayRequest {
    game: String,
    position: String,
    #[serde(default)]
    to_move: Option<String>,
    #[serde(rename = "move")]
    mv: String,
}

/// The answer to `POST /api/play`.
#[derive(Serialize)]
pub struct PlayReply {
    #[serde(rename = "move")]
    mv: String,
    position: PositionView,
}

pub(crate) async fn play(
    State(state): State<AppState>,
    ApiJson(request): ApiJson<PlayRequest>,
) -> Result<Json<PlayReply>, ApiError> {
    let input = PositionInput { position: request.position, to_move: request.to_move };
    let (mv, position) = state.catalogue.get(&request.game)?.play(&input, &request.mv)?;
    Ok(Json(PlayReply { mv, position }))
}

/// `POST /api/best` and `POST /api/analyse`: a position and how the AI chooses, a level of
/// the game (the default) or a search of the engine: the catalogue's [`SearchOptions`].
#[derive(Deserialize)]
pub struct BestRequest {
    game: String,
    position: String,
    #[serde(default)]
    to_move: Option<String>,
    /// The level or search, and the budgets (the time capped by the server): the
    /// catalogue's [`SearchOptions`].
    #[serde(flatten)]
    options: serde_json::Map<String, serde_json::Value>,
}

/// `POST /api/solve`.
#[derive(Deserialize)]
pub struct SolveRequest {
    game: String,
    position: String,
    #[serde(default)]
    to_move: Option<String>,
    /// Win, draw or loss only, where the game's solver has such a mode.
    #[serde(default)]
    weak: bool,
    /// The budgets (the time capped by the server): the catalogue's [`SearchOptions`].
    #[serde(flatten)]
    options: serde_json::Map<String, serde_json::Value>,
}

/// How a request was run, echoed with its answer.
#[derive(Clone, Debug, Serialize)]
pub struct Settings {
    /// The level played, for a level.
    pub level: Option<String>,
    /// The algorithm, for a custom search.
    pub algorithm: Option<&'static str>,
    /// The depth limit asked for (`None`: the level's own, or to the end).
    pub depth_limit: Option<u32>,
    /// The time budget granted (the request's, capped by the server).
    pub budget_ms: u64,
}

/// The answer to `POST /api/best`: the catalogue's report, and the position after the move.
#[derive(Serialize)]
pub struct BestReply {
    #[serde(flatten)]
    report: Report,
    /// The position after the move; `None` when the game is over.
    after: Option<PositionView>,
    settings: Settings,
}

/// The answer to `POST /api/analyse`.
#[derive(Serialize)]
pub struct AnalyseReply {
    #[serde(flatten)]
    analysis: Analysis,
    settings: Settings,
}

/// The answer to `POST /api/solve`.
#[derive(Serialize)]
pub struct SolveReply {
    #[serde(flatten)]
    report: Report,
    settings: Settings,
}

/// The options of a request's other fields, checked (the depth against the server's
/// deepest); the memory, threads, book and endgame databases are the server's to set.
fn search_options(
    state: &AppState,
    fields: &serde_json::Map<String, serde_json::Value>,
) -> Result<SearchOptions, ApiError> {
    let options = SearchOptions::read_value(serde_json::Value::Object(fields.clone()))?;
    let max_depth = state.limits.max_depth;
    if let Some(depth) = options.depth.filter(|&depth| depth == 0 || depth > max_depth) {
        return Err(ApiError::BadOption(format!(
            "depth: {depth} plies is out of range: give 1 to {max_depth}"
        )));
    }
    if options.tt_mib.is_some()
        || options.threads.is_some()
        || options.book.is_some()
        || options.tablebase.is_some()
    {
        return Err(ApiError::BadOption(
            "tt_mib, threads, book and tablebase are the server's to set, not a request's".into(),
        ));
    }
    options.check()?;
    Ok(options)
}

/// The time budget of a request: its own, capped by the server.
fn budget(state: &AppState, options: &SearchOptions) -> Duration {
    let limits = &state.limits;
    options.time_budget().unwrap_or(limits.default_time).min(limits.max_time)
}

/// `options` with the server's limits: the time capped, a search's depth at most the
/// server's deepest.
fn served(state: &AppState, options: &SearchOptions) -> SearchOptions {
    let limits = &state.limits;
    let mut options = options.clone();
    options.time = Some(budget(state, &options).as_secs_f64());
    options.time_ms = None;
    // Without a depth a search goes as deep as the server allows.
    if options.searching() {
        options.depth = Some(options.depth.unwrap_or(limits.max_depth));
    }
    options
}

/// The server's memory and threads.
fn resources(state: &AppState) -> Resources {
    Resources { table_bytes: state.limits.table_bytes, threads: 1, ..Resources::default() }
}

fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

impl BestRequest {
    fn input(&self) -> PositionInput {
        PositionInput { position: self.position.clone(), to_move: self.to_move.clone() }
    }

    /// The catalogue request (without the stop flag) and the settings it stands for.
    fn request(&self, state: &AppState) -> Result<(Request, Settings), ApiError> {
        let asked = search_options(state, &self.options)?;
        let options = served(state, &asked);
        let mut request = options.request()?;
        request.resources = resources(state);
        if let Method::Search(config) = &mut request.method {
            config.tt_bytes = state.limits.tt_bytes;
        }
        let searching = options.searching();
        let settings = Settings {
            level: if searching { None } else { asked.level.clone() },
            algorithm: searching
                .then(|| options.algorithm.unwrap_or(alphabeta_engine::Algorithm::Negamax).name()),
            depth_limit: asked.depth,
            budget_ms: millis(budget(state, &asked)),
        };
        Ok((request, settings))
    }
}

/// Runs `job` on a blocking thread of the search pool, with the stop flag in `request`'s
/// limits (raised when the client goes away, or a grace period after the budget).
async fn run<T: Send + 'static>(
    state: &AppState,
    budget: Duration,
    job: impl FnOnce(Arc<AtomicBool>) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    state.pool.run(budget + state.limits.grace, job).await?
}

/// The game of a request, checked with its position before a search slot is taken.
fn checked_game(
    state: &AppState,
    game: &str,
    input: &PositionInput,
) -> Result<Arc<dyn GameHandle>, ApiError> {
    let game = state.catalogue.get(game)?.clone();
    game.position(input)?;
    Ok(game)
}

pub(crate) async fn best(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<BestRequest>,
) -> Result<Json<BestReply>, ApiError> {
    let input = body.input();
    let game = checked_game(&state, &body.game, &input)?;
    let (mut request, mut settings) = body.request(&state)?;
    let budget = request.limits.time.unwrap_or(state.limits.max_time);
    let (report, after) = run(&state, budget, move |stop| {
        request.limits.stop = Some(stop);
        let report = game.best(&input, &request)?;
        let after = match &report.best_move {
            Some(mv) => Some(game.play(&input, mv)?.1),
            None => None,
        };
        Ok((report, after))
    })
    .await?;
    if settings.level.is_none() && settings.algorithm.is_none() {
        settings.level = Some(report.level.clone());
    }
    Ok(Json(BestReply { report, after, settings }))
}

pub(crate) async fn analyse(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<BestRequest>,
) -> Result<Json<AnalyseReply>, ApiError> {
    let input = body.input();
    let game = checked_game(&state, &body.game, &input)?;
    let (mut request, mut settings) = body.request(&state)?;
    if settings.level.is_none() && settings.algorithm.is_none() {
        settings.level = Some(game.info().default_level.to_string());
    }
    // A level's analysis is the solver's whatever the level: still, a level that does not
    // exist is an error, not ignored.
    if let Some(level) = &search_options(&state, &body.options)?.level {
        let info = game.info();
        if !info.levels.iter().any(|known| known.name == level.trim().to_ascii_lowercase()) {
            let names: Vec<&str> = info.levels.iter().map(|known| known.name).collect();
            return Err(ApiError::BadOption(format!(
                "unknown level '{}' for {} (expected one of: {})",
                alphabeta_games::excerpt(level),
                info.name,
                names.join(", ")
            )));
        }
    }
    let budget = request.limits.time.unwrap_or(state.limits.max_time);
    let analysis = run(&state, budget, move |stop| {
        request.limits.stop = Some(stop);
        Ok(game.analyse(&input, &request)?)
    })
    .await?;
    Ok(Json(AnalyseReply { analysis, settings }))
}

pub(crate) async fn solve(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<SolveRequest>,
) -> Result<Json<SolveReply>, ApiError> {
    let asked = search_options(&state, &body.options)?;
    let input = PositionInput { position: body.position, to_move: body.to_move };
    let game = checked_game(&state, &body.game, &input)?;
    let budget = budget(&state, &asked);
    let settings = Settings {
        level: Some(if body.weak { "solve-weak" } else { "solve" }.into()),
        algorithm: None,
        depth_limit: asked.depth,
        budget_ms: millis(budget),
    };
    let mut options = asked.solve_options(body.weak)?;
    options.resources = resources(&state);
    options.limits.time = Some(budget);
    let report = run(&state, budget, move |stop| {
        options.limits.stop = Some(stop);
        Ok(game.solve(&input, &options)?)
    })
    .await?;
    Ok(Json(SolveReply { report, settings }))
}

/// `POST /api/tree`: small (at most [`alphabeta_catalogue::trace::MAX_TRACE_NODES`] nodes), so it runs
/// on the I/O thread.
pub(crate) async fn tree(
    ApiJson(request): ApiJson<TraceRequest>,
) -> Result<Json<TraceView>, ApiError> {
    alphabeta_catalogue::trace::trace(&request).map(Json).map_err(ApiError::from)
}

pub(crate) async fn not_found(uri: axum::http::Uri) -> ApiError {
    ApiError::NotFound(format!(
        "no such endpoint: {} (see docs/web-api.md)",
        alphabeta_games::excerpt(uri.path())
    ))
}

pub(crate) async fn method_not_allowed(
    method: axum::http::Method,
    uri: axum::http::Uri,
) -> (axum::http::StatusCode, Json<serde_json::Value>) {
    (
        axum::http::StatusCode::METHOD_NOT_ALLOWED,
        Json(serde_json::json!({
            "error": format!("{method} is not accepted on {} (see docs/web-api.md)", uri.path()),
            "kind": "method_not_allowed",
        })),
    )
}
