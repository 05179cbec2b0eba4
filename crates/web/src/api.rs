//! The JSON routes (documented in `docs/web-api.md`). Stateless: every request carries its
//! position in the game's text notation.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use alphabeta_engine::{Algorithm, MoveOrdering, Scoring, SearchConfig, TieBreak};
use axum::extract::State;
use axum::Json;
use serde::{Deserialize, Serialize};

use crate::error::{ApiError, ApiJson};
use crate::registry::{
    AnalysisView, GameHandler, GameInfo, PositionInput, PositionView, SearchView,
};
use crate::search::CountersView;
use crate::trace::{TraceRequest, TraceView};
use crate::AppState;

/// `GET /api/games`.
#[derive(Serialize)]
pub struct GamesReply {
    games: Vec<GameInfo>,
    limits: LimitsView,
}

/// The server's limits, as clients see them.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct LimitsView {
    /// The longest time budget of one search.
    pub max_time_ms: u64,
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
    let games = state.registry.iter().map(|game| game.info()).collect();
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
    let game = state.registry.get(&request.game)?;
    game.start(request.first.as_deref()).map(Json)
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

impl PositionRequest {
    fn input(&self) -> PositionInput {
        PositionInput { position: self.position.clone(), to_move: self.to_move.clone() }
    }
}

pub(crate) async fn position(
    State(state): State<AppState>,
    ApiJson(request): ApiJson<PositionRequest>,
) -> Result<Json<PositionView>, ApiError> {
    state.registry.get(&request.game)?.position(&request.input()).map(Json)
}

/// `POST /api/move`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    game: String,
    position: String,
    #[serde(default)]
    to_move: Option<String>,
    #[serde(rename = "move")]
    mv: String,
}

/// The answer to `POST /api/move`.
#[derive(Serialize)]
pub struct MoveReply {
    #[serde(rename = "move")]
    mv: String,
    position: PositionView,
}

pub(crate) async fn play(
    State(state): State<AppState>,
    ApiJson(request): ApiJson<MoveRequest>,
) -> Result<Json<MoveReply>, ApiError> {
    let input = PositionInput { position: request.position, to_move: request.to_move };
    let (mv, position) = state.registry.get(&request.game)?.play(&input, &request.mv)?;
    Ok(Json(MoveReply { mv, position }))
}

/// `POST /api/ai` and `POST /api/analyse`: a position and how to search it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchRequest {
    game: String,
    position: String,
    #[serde(default)]
    to_move: Option<String>,
    /// `minimax`, `alphabeta` or `negamax` (default).
    #[serde(default)]
    algorithm: Option<String>,
    /// A level name of the game (default: its strongest).
    #[serde(default)]
    level: Option<String>,
    /// A depth limit in plies (overrides the level).
    #[serde(default)]
    depth: Option<u32>,
    /// The time budget in milliseconds (capped by the server).
    #[serde(default)]
    time_ms: Option<u64>,
    /// `depth` (default: faster wins are better) or `plain`.
    #[serde(default)]
    scoring: Option<String>,
    /// `natural` (default) or `game`.
    #[serde(default)]
    ordering: Option<String>,
    /// `first` (default), `last`, `random` or `random:SEED`.
    #[serde(default)]
    tie_break: Option<String>,
}

/// How a search was run, echoed with its answer.
#[derive(Clone, Debug, Serialize)]
pub struct SearchSettings {
    /// The algorithm.
    pub algorithm: &'static str,
    /// The level, if one was used.
    pub level: Option<String>,
    /// The depth limit, `None` for "to the end".
    pub depth_limit: Option<u32>,
    /// The time budget granted (the request's, capped by the server).
    pub budget_ms: u64,
}

/// The answer to `POST /api/ai`.
#[derive(Serialize)]
pub struct AiReply {
    #[serde(flatten)]
    search: SearchView,
    settings: SearchSettings,
}

/// The answer to `POST /api/analyse`.
#[derive(Serialize)]
pub struct AnalyseReply {
    #[serde(flatten)]
    analysis: AnalysisView,
    settings: SearchSettings,
}

fn parse_option<T: std::str::FromStr<Err = alphabeta_engine::UnknownOption>>(
    text: Option<&str>,
    default: T,
) -> Result<T, ApiError> {
    text.map_or(Ok(default), |text| {
        text.parse().map_err(|error: alphabeta_engine::UnknownOption| {
            ApiError::BadOption(error.to_string())
        })
    })
}

impl SearchRequest {
    fn input(&self) -> PositionInput {
        PositionInput { position: self.position.clone(), to_move: self.to_move.clone() }
    }

    /// The engine configuration (without the stop flag) and the settings it stands for.
    fn config(
        &self,
        state: &AppState,
        game: &dyn GameHandler,
    ) -> Result<(SearchConfig, SearchSettings), ApiError> {
        let limits = &state.limits;
        let algorithm = parse_option(self.algorithm.as_deref(), Algorithm::Negamax)?;
        let scoring = parse_option(self.scoring.as_deref(), Scoring::Depth)?;
        let ordering = parse_option(self.ordering.as_deref(), MoveOrdering::Natural)?;
        let tie_break = parse_option(self.tie_break.as_deref(), TieBreak::First)?;
        let levels = game.levels();
        let level = match &self.level {
            Some(name) => {
                Some(levels.iter().find(|level| level.name == name).ok_or_else(|| {
                    let names: Vec<&str> = levels.iter().map(|level| level.name).collect();
                    ApiError::BadOption(format!(
                        "unknown level '{name}' (expected one of: {})",
                        names.join(", ")
                    ))
                })?)
            }
            None if self.depth.is_none() => levels.last(),
            None => None,
        };
        let depth = match self.depth {
            Some(depth) if depth == 0 || depth > limits.max_depth => {
                return Err(ApiError::BadOption(format!(
                    "depth {depth} is out of range: give 1 to {}",
                    limits.max_depth
                )))
            }
            Some(depth) => Some(depth),
            None => level.and_then(|level| level.depth),
        };
        let budget = match self.time_ms {
            Some(0) => return Err(ApiError::BadOption("time_ms must be at least 1".into())),
            Some(ms) => Duration::from_millis(ms).min(limits.max_time),
            None => limits.default_time.min(limits.max_time),
        };
        let mut config = SearchConfig::with_algorithm(algorithm)
            .scoring(scoring)
            .ordering(ordering)
            .tie_break(tie_break);
        config.limits.depth = Some(depth.unwrap_or(limits.max_depth));
        config.limits.time = Some(budget);
        config.tt_bytes = limits.tt_bytes;
        let settings = SearchSettings {
            algorithm: algorithm.name(),
            level: level.map(|level| level.name.to_string()),
            depth_limit: depth,
            budget_ms: u64::try_from(budget.as_millis()).unwrap_or(u64::MAX),
        };
        Ok((config, settings))
    }

    /// Validates the request, then runs `search` on a blocking thread with the stop flag set.
    async fn run<T: Send + 'static>(
        &self,
        state: &AppState,
        search: fn(&dyn GameHandler, &PositionInput, &SearchConfig) -> Result<T, ApiError>,
    ) -> Result<(T, SearchSettings), ApiError> {
        let game = state.registry.get(&self.game)?.clone();
        let input = self.input();
        game.position(&input)?;
        let (mut config, settings) = self.config(state, &*game)?;
        let budget = config.limits.time.unwrap_or(state.limits.max_time);
        let job = move |stop: Arc<AtomicBool>| {
            config.limits.stop = Some(stop);
            search(&*game, &input, &config)
        };
        let result = state.pool.run(budget, job).await??;
        Ok((result, settings))
    }
}

pub(crate) async fn ai(
    State(state): State<AppState>,
    ApiJson(request): ApiJson<SearchRequest>,
) -> Result<Json<AiReply>, ApiError> {
    let (search, settings) =
        request.run(&state, |game, input, config| game.best(input, config)).await?;
    Ok(Json(AiReply { search, settings }))
}

pub(crate) async fn analyse(
    State(state): State<AppState>,
    ApiJson(request): ApiJson<SearchRequest>,
) -> Result<Json<AnalyseReply>, ApiError> {
    let (analysis, settings) =
        request.run(&state, |game, input, config| game.analyse(input, config)).await?;
    Ok(Json(AnalyseReply { analysis, settings }))
}

/// `POST /api/tree`: small (at most [`crate::trace::MAX_TRACE_NODES`] nodes), so it runs
/// on the I/O thread.
pub(crate) async fn tree(
    ApiJson(request): ApiJson<TraceRequest>,
) -> Result<Json<TraceView>, ApiError> {
    crate::trace::trace(&request).map(Json)
}

pub(crate) async fn not_found(uri: axum::http::Uri) -> ApiError {
    ApiError::NotFound(format!("no such endpoint: {} (see docs/web-api.md)", uri.path()))
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
