//! Logging and OpenTelemetry: structured logs with `tracing` (text or JSON, filtered by
//! `RUST_LOG`), and traces and metrics over OTLP/gRPC when `OTEL_EXPORTER_OTLP_ENDPOINT` (or the
//! per-signal `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` / `..._METRICS_ENDPOINT`) is set. The other
//! standard `OTEL_*` variables (service name, headers, timeouts) are honoured by the exporters.
//!
//! Architecture invariant: spans carry the RPC name and status code, never cards or records.

use opentelemetry::trace::TracerProvider as _;
use opentelemetry_sdk::metrics::SdkMeterProvider;
use opentelemetry_sdk::trace::SdkTracerProvider;
use opentelemetry_sdk::Resource;
use std::sync::atomic::{AtomicBool, Ordering};
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{EnvFilter, Layer};

/// Handles to flush and stop the exporters.
#[derive(Debug, Default)]
pub struct Telemetry {
    tracer: Option<SdkTracerProvider>,
    meter: Option<SdkMeterProvider>,
}

impl Telemetry {
    /// Flushes pending spans and metrics and stops the exporters.
    pub fn shutdown(self) {
        if let Some(t) = self.tracer {
            let _ = t.shutdown();
        }
        if let Some(m) = self.meter {
            let _ = m.shutdown();
        }
    }
}

/// Whether spans are exported over OTLP (set by [`init`]).
static EXPORTING_SPANS: AtomicBool = AtomicBool::new(false);

/// Whether spans are exported over OTLP: the per-RPC spans are then made at INFO, the default
/// log level, and otherwise at DEBUG. At INFO nothing is logged inside an RPC's span, so made
/// for the logs alone it would only be formatted (its fields, on every request) and dropped.
#[must_use]
pub fn exporting_spans() -> bool {
    EXPORTING_SPANS.load(Ordering::Relaxed)
}

fn otlp_configured(signal: &str) -> bool {
    let set = |k: &str| {
        std::env::var(k)
            .map(|v| !v.trim().is_empty())
            .unwrap_or(false)
    };
    set("OTEL_EXPORTER_OTLP_ENDPOINT") || set(&format!("OTEL_EXPORTER_OTLP_{signal}_ENDPOINT"))
}

fn resource() -> Resource {
    let name = std::env::var("OTEL_SERVICE_NAME").unwrap_or_else(|_| "tarock-server".to_owned());
    Resource::builder().with_service_name(name).build()
}

/// Installs the global subscriber (and the OTLP exporters when configured). Call once, inside
/// a Tokio runtime.
///
/// # Errors
/// A message when an exporter cannot be built or a subscriber is already installed.
pub fn init(log_format: &str) -> Result<Telemetry, String> {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let fmt = if log_format == "json" {
        tracing_subscriber::fmt::layer()
            .json()
            .with_current_span(true)
            .boxed()
    } else {
        let ansi = std::io::IsTerminal::is_terminal(&std::io::stdout());
        tracing_subscriber::fmt::layer()
            .with_target(false)
            .with_ansi(ansi)
            .boxed()
    };
    let mut telemetry = Telemetry::default();
    let otel_layer = if otlp_configured("TRACES") {
        let exporter = opentelemetry_otlp::SpanExporter::builder()
            .with_tonic()
            .build()
            .map_err(|e| format!("OTLP span exporter: {e}"))?;
        let provider = SdkTracerProvider::builder()
            .with_batch_exporter(exporter)
            .with_resource(resource())
            .build();
        let tracer = provider.tracer("tarock-server");
        telemetry.tracer = Some(provider);
        EXPORTING_SPANS.store(true, Ordering::Relaxed);
        Some(tracing_opentelemetry::layer().with_tracer(tracer))
    } else {
        None
    };
    if otlp_configured("METRICS") {
        let exporter = opentelemetry_otlp::MetricExporter::builder()
            .with_tonic()
            .build()
            .map_err(|e| format!("OTLP metric exporter: {e}"))?;
        let provider = SdkMeterProvider::builder()
            .with_periodic_exporter(exporter)
            .with_resource(resource())
            .build();
        opentelemetry::global::set_meter_provider(provider.clone());
        telemetry.meter = Some(provider);
    }
    tracing_subscriber::registry()
        .with(filter)
        .with(fmt)
        .with(otel_layer)
        .try_init()
        .map_err(|e| format!("logging: {e}"))?;
    Ok(telemetry)
}
