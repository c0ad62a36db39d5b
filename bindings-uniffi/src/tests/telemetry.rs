//! The telemetry bridge's tests (`telemetry.rs`).

use super::*;

type Log = Arc<Mutex<Vec<String>>>;

struct Recorder(Log, bool);
struct Recorded(Log);

impl ZeitkontoTracer for Recorder {
    fn start(&self, span: SpanStart) -> Result<Arc<dyn ZeitkontoSpan>, TracerError> {
        self.0.lock().unwrap().push(format!("start {} {} {:?}", span.name, span.time_unix_nano.0, span.attributes));
        assert_eq!(span.kind == SpanKind::Internal, span.name.starts_with("zeitkonto.job "));
        if self.1 {
            return Err(TracerError::Failed { detail: "tracer bug".into() });
        }
        Ok(Arc::new(Recorded(self.0.clone())))
    }
}

impl ZeitkontoSpan for Recorded {
    fn child(&self, span: SpanStart) -> Result<Arc<dyn ZeitkontoSpan>, TracerError> {
        self.0.lock().unwrap().push(format!("child {:?} {}", span.kind, span.name));
        Ok(Arc::new(Recorded(self.0.clone())))
    }
    fn event(&self, event: SpanEvent) -> Result<(), TracerError> {
        self.0.lock().unwrap().push(format!("event {} {:?}", event.name, event.attributes));
        Ok(())
    }
    fn end(&self, end: SpanEnd) -> Result<(), TracerError> {
        self.0.lock().unwrap().push(format!("end {:?} {:?} {:?}", end.attributes, end.error, end.message));
        Err(TracerError::Failed { detail: "end bug".into() })
    }
}

fn actions() -> Vec<SpanAction> {
    vec![
        SpanAction::Start {
            name: "GET /x/{api}".into(),
            time_unix_nano: 5,
            attributes: Attributes(vec![
                ("url.full", AttrValue::Str("https://h/x/***".into())),
                ("server.port", AttrValue::Int(443)),
            ]),
        },
        SpanAction::Event {
            name: "zeitkonto.wait",
            time_unix_nano: 6,
            attributes: Attributes(vec![("zeitkonto.wait.delay_ms", AttrValue::Int(20))]),
        },
        SpanAction::End {
            time_unix_nano: 7,
            attributes: Attributes(vec![("error.type", AttrValue::Str("Api".into()))]),
            error: Some("Api"),
            message: Some("refused".into()),
        },
        // After the end: nothing more reaches the span.
        SpanAction::Event { name: "zeitkonto.wait", time_unix_nano: 8, attributes: Attributes::default() },
    ]
}

#[test]
fn actions_reach_the_tracer_and_its_span_converted_as_they_are() {
    let log = Log::default();
    let sink = sink(Arc::new(Recorder(log.clone(), false)));
    actions().iter().for_each(|a| sink(a));
    let log = log.lock().unwrap().clone();
    assert_eq!(log.len(), 3, "{log:?}");
    assert!(log[0].starts_with("start GET /x/{api} 5 [SpanAttribute { key: \"url.full\", value: Text { value: \"https://h/x/***\" } }, SpanAttribute { key: \"server.port\", value: Int { value: WideInt(443) } }]"), "{}", log[0]);
    assert!(log[1].contains("zeitkonto.wait.delay_ms") && log[1].contains("Int { value: WideInt(20) }"), "{}", log[1]);
    assert!(log[2].ends_with("Some(\"Api\") Some(\"refused\")"), "{}", log[2]);
}

#[test]
fn a_jobs_calls_are_children_of_its_span_which_ends_once() {
    let log = Log::default();
    let trace = JobTrace::new(Some(Arc::new(Recorder(log.clone(), false))), "month_close").unwrap();
    for _step in 0..2 {
        let sink = trace.sink();
        actions().iter().for_each(|a| sink(a));
    }
    trace.end(None);
    drop(trace); // ended already: nothing more
    let log = log.lock().unwrap().clone();
    assert!(log[0].starts_with("start zeitkonto.job month_close "), "{log:?}");
    assert!(log[0].contains("zeitkonto.job") && log[0].contains("month_close"), "{}", log[0]);
    assert_eq!(log.iter().filter(|l| l.starts_with("child Client GET /x/{api}")).count(), 2, "{log:?}");
    assert_eq!(log.iter().filter(|l| l.starts_with("start")).count(), 1, "one job span: {log:?}");
    assert_eq!(log.iter().filter(|l| l.starts_with("end")).count(), 3, "two calls and the job: {log:?}");
}

#[test]
fn a_tracer_that_fails_to_start_gets_nothing_more() {
    let log = Log::default();
    let sink = sink(Arc::new(Recorder(log.clone(), true)));
    actions().iter().for_each(|a| sink(a));
    assert_eq!(log.lock().unwrap().len(), 1);
}
