/// The grant rates as a page a person reads: per kind, a bar chart of each day's grants and denials (inline SVG,
/// no script, no external asset) and a table of the counts. Aggregates only, and the page says so.
package enum GrantRatesPage {
    /// The chart's drawing area, in SVG units, and the widest bar; the day labels go below the area.
    static let chartWidth = 640, chartHeight = 160, widestBar = 24.0

    /// The whole HTML document for `days`, grouped by kind in alphabetical order.
    package static func html(_ days: [GrantDay], from: String, through: String) -> String {
        let kinds = Dictionary(grouping: days, by: \.kind).sorted { $0.key < $1.key }
        var sections = ""
        for (kind, kindDays) in kinds {
            sections += section(kind: kind, days: kindDays.sorted { $0.day < $1.day })
        }
        if kinds.isEmpty { sections = "<p>No permission was reported between \(escape(from)) and \(escape(through)).</p>" }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>Permission grant rates</title>
            <style>
            body{font:15px/1.45 system-ui,sans-serif;margin:2em auto;max-width:720px;color:#1d1d1f}
            h2{margin-top:2em}table{border-collapse:collapse;width:100%}td,th{padding:.25em .5em;text-align:right}
            td:first-child,th:first-child{text-align:left}tr:nth-child(even){background:#f5f5f7}
            .granted{fill:#248a3d}.denied{fill:#d70015}.axis{font-size:11px;fill:#6e6e73}.legend span{display:inline-block;width:.8em;height:.8em;margin:0 .3em 0 1em}
            </style></head><body>
            <h1>Permission grant rates</h1>
            <p>From \(escape(from)) to \(escape(through)), UTC. Aggregates only: counts per kind and day. The registry keeps \
            the latest state of each installation, never a history of one person.</p>
            <p class="legend"><span style="background:#248a3d"></span>granted<span style="background:#d70015"></span>denied</p>
            \(sections)
            </body></html>
            """
    }

    /// One kind's chart and table.
    static func section(kind: String, days: [GrantDay]) -> String {
        let asked = days.reduce(0) { $0 + $1.counts.asked }
        let granted = days.reduce(0) { $0 + $1.counts.granted }
        let rate = asked == 0 ? "no one asked" : "\(Int((Double(granted) / Double(asked) * 100).rounded())) % of those asked granted"
        var rows = ""
        for day in days {
            let dayRate = day.grantRate.map { "\(Int(($0 * 100).rounded())) %" } ?? "–"
            rows += "<tr><td>\(escape(day.day))</td><td>\(day.counts.asked)</td><td>\(day.counts.granted)</td>"
                + "<td>\(day.counts.denied)</td><td>\(day.counts.changedMind)</td><td>\(dayRate)</td></tr>\n"
        }
        return """
            <section id="kind-\(escape(kind))"><h2>\(escape(kind))</h2><p>\(rate).</p>
            \(chart(days))
            <table><tr><th>day</th><th>asked</th><th>granted</th><th>denied</th><th>changed their mind</th><th>grant rate</th></tr>
            \(rows)</table></section>

            """
    }

    /// Two bars a day, granted and denied, side by side in the day's slot and scaled to the largest count of the
    /// period, which labels the top of the chart; each day is labelled below its bars while there is room.
    static func chart(_ days: [GrantDay]) -> String {
        let largest = max(1, days.map { max($0.counts.granted, $0.counts.denied) }.max() ?? 1)
        let slot = Double(chartWidth) / Double(max(days.count, 1))
        let barWidth = min(widestBar, max(1, slot * 0.4))
        let labelEvery = max(1, Int((80 / slot).rounded(.up)))  // a label is about 80 units wide
        var marks = "<text class=\"axis\" x=\"0\" y=\"10\">\(largest)</text>"
        for (index, day) in days.enumerated() {
            let middle = Double(index) * slot + slot / 2
            for (offset, (count, name)) in [(day.counts.granted, "granted"), (day.counts.denied, "denied")].enumerated() {
                let height = Double(chartHeight) * Double(count) / Double(largest)
                marks += "<rect class=\"\(name)\" x=\"\(format(middle - barWidth + Double(offset) * barWidth))\" "
                    + "y=\"\(format(Double(chartHeight) - height))\" width=\"\(format(barWidth))\" height=\"\(format(height))\">"
                    + "<title>\(escape(day.day)): \(count) \(name)</title></rect>"
            }
            if index % labelEvery == 0 {
                marks += "<text class=\"axis\" x=\"\(format(middle))\" y=\"\(chartHeight + 16)\" text-anchor=\"middle\">"
                    + "\(escape(String(day.day.suffix(5))))</text>"
            }
        }
        return "<svg role=\"img\" aria-label=\"granted and denied per day\" viewBox=\"0 0 \(chartWidth) \(chartHeight + 20)\" "
            + "width=\"100%\">\(marks)</svg>"
    }

    private static func format(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// `text` safe inside HTML text and attribute values.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
