/// The grant rates as a page a person reads: per kind, a bar chart of each day's grants and denials (inline SVG,
/// no script, no external asset) and a table of the counts. Aggregates only, and the page says so; it also says
/// what the counts mean (``GrantCounts``) and which reports can show a denial.
package enum GrantRatesPage {
    /// The chart's drawing area, in SVG units, and the widest bar; the day labels go below the area.
    static let chartWidth = 640, chartHeight = 160, widestBar = 24.0

    /// The whole HTML document for `days`, grouped by kind in alphabetical order, with how many installations
    /// are silent only now when `notifications` are counted.
    package static func html(_ days: [GrantDay], from: String, through: String, notifications: NotificationCounts? = nil) -> String {
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
            .note{color:#6e6e73}dt{font-weight:600}dd{margin:0 0 .5em 1.5em}
            </style></head><body>
            <h1>Permission grant rates</h1>
            <p>From \(escape(from)) to \(escape(through)), UTC. Aggregates only: counts per kind and day. The registry keeps \
            the latest state of each installation, never a history of one person.</p>
            <details id="definitions" open><summary>What the numbers count</summary><dl>
            <dt>asked</dt><dd>Installations that answered that day: their state went from not asked to granted or \
            denied. Each installation counts at most once per kind and day, whichever server took its reports. \
            Asked is always granted plus denied.</dd>
            <dt>grant rate</dt><dd>Granted out of asked; never above 100 %, and below 100 % as soon as one \
            installation denied.</dd>
            <dt>changed their mind</dt><dd>Installations whose decided state turned that day: granted to denied or \
            off, or denied to granted.</dd>
            </dl></details>
            <p id="sources"><strong>Which reports can show a denial.</strong> Native reports (the app's \
            <code>POST /permit/installations</code>) say granted, denied or not determined, so they show both \
            answers. Cookies (<code>p_…=yes</code> or <code>no</code>) say only yes or no: a <code>no</code> may be \
            a denial, a permission never asked or one the device restricts, so it is never counted as a denial. A \
            kind reported by cookies alone shows grants only, and its rate is 100 % whatever people answered.</p>
            \(notifications.map(silentOnly) ?? "")
            <p class="legend"><span style="background:#248a3d"></span>granted<span style="background:#d70015"></span>denied</p>
            \(sections)
            </body></html>
            """
    }

    /// How many installations are silent only, of those whose notification settings are known, and what that means.
    static func silentOnly(_ counts: NotificationCounts) -> String {
        let known = counts.known == 0
            ? "No installation reported its notification settings (the app mirrors them only when it opts in)."
            : "\(counts.silentOnly) of the \(counts.known) installations that reported their notification settings are "
                + "silent only."
        return "<p id=\"silent-only\"><strong>Silent only, now.</strong> \(known) A silent-only installation allows "
            + "notifications with alerts, sounds, badges, the Lock Screen and Notification Center all off: it is sent "
            + "pushes, but shows none of them, and iOS does not deliver its silent pushes either.</p>"
    }

    /// One kind's summary, chart and table.
    static func section(kind: String, days: [GrantDay]) -> String {
        var total = GrantCounts()
        for day in days { total.add(day.counts) }
        var summary: String
        if total.asked == 0 {
            summary = "No installation answered in this period."
        } else {
            summary = "\(total.asked) asked: \(total.granted) granted, \(total.denied) denied; "
                + "\(percent(total)) of those asked granted."
            if total.denied == 0 {
                summary += " <span class=\"note\">No denial was counted: if this kind is reported by cookies alone, "
                    + "none could be.</span>"
            }
        }
        var rows = ""
        for day in days {
            rows += "<tr><td>\(escape(day.day))</td><td>\(day.counts.asked)</td><td>\(day.counts.granted)</td>"
                + "<td>\(day.counts.denied)</td><td>\(day.counts.changedMind)</td><td>\(percent(day.counts))</td></tr>\n"
        }
        return """
            <section id="kind-\(escape(kind))"><h2>\(escape(kind))</h2><p class="summary">\(summary)</p>
            \(chart(days))
            <table><tr><th>day</th><th>asked</th><th>granted</th><th>denied</th><th>changed their mind</th><th>grant rate</th></tr>
            \(rows)</table></section>

            """
    }

    /// The grant rate of `counts` as a whole percentage, `–` when no one was asked. It is rounded, except that a
    /// rate with a denial never shows as 100 % and one with a grant never as 0 %.
    static func percent(_ counts: GrantCounts) -> String {
        guard let rate = counts.grantRate else { return "–" }
        var whole = Int((rate * 100).rounded())
        if counts.denied > 0 { whole = min(whole, 99) }
        if counts.granted > 0 { whole = max(whole, 1) }
        return "\(whole) %"
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
