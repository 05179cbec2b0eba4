//! Arbitrary bytes as the JSON body of every POST route of the web API, through the server's
//! own router (the extractors, the body limit, the panic guard and the handlers) without a
//! socket.
//!
//! The first byte picks the route; the rest is the body, sent as `application/json`. Every
//! answer is 200 with a JSON object, or a 4xx/503 whose body is `{"error": "...", "kind":
//! "..."}` with a short message; never a 500 (a panic or another internal error).
#![no_main]

use std::sync::OnceLock;
use std::time::Duration;

use alphabeta_fuzz::{catalogue, check_message};
use alphabeta_web::{router, ServerLimits};
use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use libfuzzer_sys::fuzz_target;
use tower::ServiceExt;

/// Every POST route.
const ROUTES: [&str; 7] = [
    "/api/start",
    "/api/position",
    "/api/play",
    "/api/best",
    "/api/analyse",
    "/api/solve",
    "/api/tree",
];

/// The server's limits, small so that a search answers in a few milliseconds.
fn limits() -> ServerLimits {
    ServerLimits {
        max_time: Duration::from_millis(20),
        default_time: Duration::from_millis(10),
        grace: Duration::from_millis(200),
        max_depth: 8,
        max_searches: 2,
        queue_wait: Duration::from_secs(5),
        tt_bytes: 1 << 20,
        table_bytes: 1 << 20,
        ..ServerLimits::default()
    }
}

fn runtime() -> &'static tokio::runtime::Runtime {
    static RUNTIME: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime")
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, body)) = data.split_first() else { return };
    let route = ROUTES[usize::from(first) % ROUTES.len()];
    static APP: OnceLock<axum::Router> = OnceLock::new();
    let app = APP.get_or_init(|| router(catalogue().clone(), limits())).clone();
    let request = Request::post(route)
        .header("host", "localhost")
        .header("content-type", "application/json")
        .body(Body::from(body.to_vec()))
        .expect("a request");
    let (status, bytes) = runtime().block_on(async {
        let response = app.oneshot(request).await.expect("the router answers");
        let status = response.status();
        let bytes = response.into_body().collect().await.expect("a body").to_bytes();
        (status, bytes)
    });
    let text = String::from_utf8_lossy(&bytes);
    let context = format!("{route} {:?} -> {status}", String::from_utf8_lossy(body));
    assert_ne!(status, StatusCode::INTERNAL_SERVER_ERROR, "{context}: {text}");
    let value: serde_json::Value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|error| panic!("{context}: not JSON ({error}): {text}"));
    assert!(value.is_object(), "{context}: not an object: {text}");
    if status == StatusCode::OK {
        return;
    }
    assert!(
        status.is_client_error() || status == StatusCode::SERVICE_UNAVAILABLE,
        "{context}: {text}"
    );
    let message = value["error"].as_str().unwrap_or_default();
    let kind = value["kind"].as_str().unwrap_or_default();
    assert!(!kind.is_empty(), "{context}: no kind: {text}");
    check_message(message, &context);
});
