//! Every failure the API reports, as JSON: `{"error": "...", "kind": "..."}` with a status code.

use alphabeta_catalogue::{short, CatalogueError};
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::de::DeserializeOwned;
use serde::Serialize;

/// Why a request failed. Every variant maps to one status code and one `kind` string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ApiError {
    /// The body is not JSON, or not the JSON this endpoint expects (400).
    BadRequest(String),
    /// The body is larger than the server accepts (413).
    TooLarge(String),
    /// The body is not declared as `application/json` (415).
    NotJson(String),
    /// No game of that name (400).
    UnknownGame(String),
    /// A position text the game does not accept (400).
    BadPosition(String),
    /// A move that does not parse or is not legal in the position (400).
    IllegalMove(String),
    /// An option outside what the server accepts: algorithm, level, depth, tree size (400).
    BadOption(String),
    /// No such endpoint (404).
    NotFound(String),
    /// Every search slot stayed busy while the request waited (503).
    Busy(String),
    /// The body did not arrive in time (408).
    SlowBody(String),
    /// The server failed (500); should not happen.
    Internal(String),
}

impl ApiError {
    /// The HTTP status of this error.
    #[must_use]
    pub fn status(&self) -> StatusCode {
        match self {
            Self::BadRequest(_)
            | Self::UnknownGame(_)
            | Self::BadPosition(_)
            | Self::IllegalMove(_)
            | Self::BadOption(_) => StatusCode::BAD_REQUEST,
            Self::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::NotJson(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
            Self::SlowBody(_) => StatusCode::REQUEST_TIMEOUT,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The machine-readable kind: `bad_request`, `unknown_game`, `illegal_move`, ...
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Self::BadRequest(_) => "bad_request",
            Self::TooLarge(_) => "too_large",
            Self::NotJson(_) => "not_json",
            Self::UnknownGame(_) => "unknown_game",
            Self::BadPosition(_) => "bad_position",
            Self::IllegalMove(_) => "illegal_move",
            Self::BadOption(_) => "bad_option",
            Self::NotFound(_) => "not_found",
            Self::Busy(_) => "busy",
            Self::SlowBody(_) => "timeout",
            Self::Internal(_) => "internal",
        }
    }

    /// The message for people.
    #[must_use]
    pub fn message(&self) -> &str {
        match self {
            Self::BadRequest(message)
            | Self::TooLarge(message)
            | Self::NotJson(message)
            | Self::UnknownGame(message)
            | Self::BadPosition(message)
            | Self::IllegalMove(message)
            | Self::BadOption(message)
            | Self::NotFound(message)
            | Self::Busy(message)
            | Self::SlowBody(message)
            | Self::Internal(message) => message,
        }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for ApiError {}

#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
    kind: &'a str,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody { error: self.message(), kind: self.kind() };
        let mut response = (self.status(), Json(body)).into_response();
        if matches!(self, Self::Busy(_)) {
            response.headers_mut().insert("retry-after", axum::http::HeaderValue::from_static("1"));
        }
        response
    }
}

/// serde's reason for refusing a body, briefly: without axum's preamble, the field's path
/// (when it is not the unknown field's own name) and each name quoted in backticks cut to a
/// few words.
fn json_reason(error: &(dyn std::error::Error + 'static)) -> String {
    const QUOTE: usize = 32;
    let mut inner = error;
    while let Some(source) = inner.source() {
        inner = source;
    }
    let text = match inner.downcast_ref::<serde_path_to_error::Error<serde_json::Error>>() {
        Some(error) => {
            let reason = error.inner().to_string();
            let path = error.path().to_string();
            if path == "." || reason.starts_with("unknown field") {
                reason
            } else {
                format!("{}: {reason}", alphabeta_games::excerpt_within(&path, QUOTE))
            }
        }
        None => inner.to_string(),
    };
    let mut reason = String::new();
    let mut parts = text.split('`').peekable();
    let mut quoted = false;
    while let Some(part) = parts.next() {
        if quoted && parts.peek().is_some() {
            reason.push('`');
            reason.push_str(&alphabeta_games::excerpt_within(part, QUOTE));
            reason.push('`');
        } else {
            if quoted {
                reason.push('`');
            }
            reason.push_str(&alphabeta_games::excerpt_within(part, 4 * QUOTE));
        }
        quoted = !quoted;
    }
    short(reason)
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        match rejection {
            // serde's messages may quote the input (an unknown field's name): keep them short.
            JsonRejection::JsonDataError(error) => Self::BadRequest(format!(
                "the JSON does not fit this endpoint: {}",
                json_reason(&error)
            )),
            JsonRejection::JsonSyntaxError(error) => {
                Self::BadRequest(format!("the body is not valid JSON: {}", json_reason(&error)))
            }
            JsonRejection::MissingJsonContentType(_) => {
                Self::NotJson("send the body as JSON with 'Content-Type: application/json'".into())
            }
            JsonRejection::BytesRejection(error)
                if error.status() == StatusCode::PAYLOAD_TOO_LARGE =>
            {
                Self::TooLarge("the request body is too large".into())
            }
            other => Self::BadRequest(format!(
                "could not read the request body: {}",
                short(other.body_text())
            )),
        }
    }
}

impl From<CatalogueError> for ApiError {
    fn from(error: CatalogueError) -> Self {
        match error {
            CatalogueError::UnknownGame(message) => Self::UnknownGame(message),
            CatalogueError::BadPosition(message) => Self::BadPosition(message),
            CatalogueError::IllegalMove(message) => Self::IllegalMove(message),
            CatalogueError::BadOption(message) => Self::BadOption(message),
        }
    }
}

/// `Json<T>` whose rejections are [`ApiError`]s (JSON bodies instead of plain text), read
/// within the state's [`BodyTimeout`].
#[derive(Clone, Copy, Debug, Default)]
pub struct ApiJson<T>(pub T);

/// How long a body may take to arrive.
#[derive(Clone, Copy, Debug)]
pub struct BodyTimeout(pub std::time::Duration);

impl<T, S> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
    BodyTimeout: axum::extract::FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        let BodyTimeout(limit) = axum::extract::FromRef::from_ref(state);
        let read = tokio::time::timeout(limit, Json::<T>::from_request(request, state)).await;
        let Json(value) = read.map_err(|_| {
            ApiError::SlowBody(format!(
                "the request body did not arrive within {} ms",
                limit.as_millis()
            ))
        })??;
        Ok(Self(value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_and_statuses() {
        let busy = ApiError::Busy("all search slots are busy".into());
        assert_eq!(busy.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(busy.kind(), "busy");
        assert_eq!(ApiError::IllegalMove("x".into()).status(), StatusCode::BAD_REQUEST);
        assert_eq!(ApiError::TooLarge("x".into()).status(), StatusCode::PAYLOAD_TOO_LARGE);
        assert_eq!(busy.to_string(), "all search slots are busy");
    }
}
