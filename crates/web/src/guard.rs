//! The last line of defence: a handler that panics (a bug) is answered with a 500 JSON error,
//! never a dropped connection.

use std::any::Any;
use std::future::Future;
use std::panic::{self, AssertUnwindSafe};
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use axum::extract::Request;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

/// Runs the rest of the stack; a panic inside becomes [`ApiError::Internal`].
pub(crate) async fn catch_panic(request: Request, next: Next) -> Response {
    match CatchUnwind(Box::pin(next.run(request))).await {
        Ok(response) => response,
        Err(_) => ApiError::Internal(
            "the server failed on this request (an internal error); nothing was changed".into(),
        )
        .into_response(),
    }
}

/// A future whose `poll` panicking ends it with the panic's payload.
struct CatchUnwind<F>(Pin<Box<F>>);

impl<F: Future> Future for CatchUnwind<F> {
    type Output = Result<F::Output, Box<dyn Any + Send>>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let inner = self.0.as_mut();
        match panic::catch_unwind(AssertUnwindSafe(|| inner.poll(cx))) {
            Ok(Poll::Ready(output)) => Poll::Ready(Ok(output)),
            Ok(Poll::Pending) => Poll::Pending,
            Err(payload) => Poll::Ready(Err(payload)),
        }
    }
}

/// Which `Host` headers the server answers: a guard against DNS rebinding, where a page of
/// another site reaches the local server under a name of its own.
#[derive(Clone, Debug)]
pub(crate) struct HostCheck {
    /// The address the server is bound to.
    pub bound: std::net::IpAddr,
    /// Names allowed besides the addresses and `localhost` (lower case, without port).
    pub names: Arc<Vec<String>>,
}

impl HostCheck {
    /// Whether `host` (a `Host` header, with or without its port) is ours: an IP address the
    /// server answers on (the bound one, loopback, or any when bound to every address),
    /// `localhost`, or an allowed name.
    pub fn allows(&self, host: &str) -> bool {
        let host = host.trim().to_ascii_lowercase();
        // `[::1]:8080`, `[::1]`, `127.0.0.1:8080`, `name:8080`, `name`.
        let name = if let Some(rest) = host.strip_prefix('[') {
            match rest.split_once(']') {
                Some((inside, _)) => inside.to_string(),
                None => return false,
            }
        } else {
            host.rsplit_once(':').map_or(host.as_str(), |(name, _)| name).to_string()
        };
        let name = name.trim_end_matches('.');
        if let Ok(ip) = name.parse::<std::net::IpAddr>() {
            return ip == self.bound || ip.is_loopback() || self.bound.is_unspecified();
        }
        name == "localhost" || self.names.iter().any(|allowed| allowed == name)
    }
}

/// Answers a request whose `Host` is not ours with 421 Misdirected Request.
pub(crate) async fn check_host(
    axum::extract::State(check): axum::extract::State<HostCheck>,
    request: Request,
    next: Next,
) -> Response {
    let host =
        request.headers().get(axum::http::header::HOST).and_then(|value| value.to_str().ok());
    match host {
        Some(host) if check.allows(host) => next.run(request).await,
        Some(host) => (
            axum::http::StatusCode::MISDIRECTED_REQUEST,
            axum::Json(serde_json::json!({
                "error": format!(
                    "this server does not answer to the host '{}' (start it with --allow-host NAME to allow a name)",
                    alphabeta_games::excerpt(host)
                ),
                "kind": "bad_host",
            })),
        )
            .into_response(),
        None => ApiError::BadRequest("the request has no Host header".into()).into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts() {
        let loopback = HostCheck {
            bound: "127.0.0.1".parse().unwrap(),
            names: Arc::new(vec!["box.lan".into()]),
        };
        for host in
            ["127.0.0.1:8080", "localhost:8080", "LOCALHOST", "[::1]:80", "box.lan:1", "127.0.0.2"]
        {
            assert!(loopback.allows(host), "{host}");
        }
        for host in [
            "evil.example.com",
            "evil.example.com:8080",
            "10.0.0.1:8080",
            "[::1",
            "localhost.evil.com",
            "",
        ] {
            assert!(!loopback.allows(host), "{host}");
        }
        let everywhere =
            HostCheck { bound: "0.0.0.0".parse().unwrap(), names: Arc::new(Vec::new()) };
        assert!(everywhere.allows("192.168.1.20:8080"));
        assert!(!everywhere.allows("rebind.example.com:8080"));
    }
}
