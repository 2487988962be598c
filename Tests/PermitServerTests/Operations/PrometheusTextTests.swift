import Testing

/// The tests' Prometheus text parser refuses what a Prometheus server would, so that `/metrics` passing it means
/// something.
@Suite struct PrometheusTextTests {
    @Test func itReadsWellFormedText() throws {
        let text = try PrometheusText("""
            # HELP requests_total All requests.
            # TYPE requests_total counter
            requests_total{method="GET",path="/a\\"b\\\\c"} 3
            requests_total{method="POST"} 1.5e3 1700000000000
            # TYPE depth gauge
            depth -Inf
            latency_bucket{le="+Inf"} NaN

            """)
        #expect(text.types == ["requests_total": "counter", "depth": "gauge"])
        #expect(text.value("requests_total", ["method": "GET"]) == 3)
        #expect(text.samples.first?.labels["path"] == "/a\"b\\c")
        #expect(text.value("requests_total", ["method": "POST"]) == 1500)
        #expect(text.value("depth") == -.infinity)
        #expect(text.sum("requests_total") == 1503)
    }

    @Test(arguments: [
        "requests_total 1",  // no line break at the end
        "1requests 1\n",  // a name starting with a digit
        "requests{method=GET} 1\n",  // an unquoted label value
        "requests{method=\"a\\t\"} 1\n",  // an unknown escape
        "requests{method=\"a\",method=\"b\"} 1\n",  // a label twice
        "requests one\n",  // not a number
        "requests 1 soon\n",  // not a timestamp
        "requests 1\nrequests 2\n",  // a series twice
        "# TYPE requests counter\n# TYPE requests gauge\nrequests 1\n",  // a second TYPE
        "requests 1\n# TYPE requests counter\n",  // TYPE after the samples
        "# TYPE requests meter\nrequests 1\n",  // an unknown type
        "a 1\nb 1\na{x=\"1\"} 1\n",  // a family's samples apart
    ])
    func itRefusesMalformedText(_ text: String) {
        #expect(throws: PrometheusText.Malformed.self) { try PrometheusText(text) }
    }
}
