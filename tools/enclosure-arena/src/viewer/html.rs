//! The self-contained HTML page: the template, its style and script (viewer-assets/, compiled
//! in) and the view model embedded as JSON. No network access: nothing is loaded from
//! anywhere, and the page's Content-Security-Policy forbids it anyway.

use super::frames::ViewModel;
use super::svg::escape;

const TEMPLATE: &str = include_str!("../../viewer-assets/viewer.html");
const STYLE: &str = include_str!("../../viewer-assets/viewer.css");
const SCRIPT: &str = include_str!("../../viewer-assets/viewer.js");

/// The page, opening on frame `start` (the `#turn=N` URL hash overrides it).
pub fn render_page(model: &ViewModel, start: usize) -> String {
    let data = serde_json::to_string(model).expect("the view model always serialises");
    let title = format!("Enclosure replay · seed {}", model.seed);
    fill_template(
        TEMPLATE,
        &[
            ("TITLE", escape(&title)),
            ("STYLE", STYLE.to_string()),
            ("START", start.to_string()),
            ("DATA", json_for_script_element(&data)),
            ("SCRIPT", SCRIPT.to_string()),
        ],
    )
}

/// Replaces each `{{NAME}}` of the template in one pass over the template only, so text that
/// is substituted in (a bot name inside the data, say) is never itself scanned for markers.
fn fill_template(template: &str, values: &[(&str, String)]) -> String {
    let mut out =
        String::with_capacity(template.len() + values.iter().map(|(_, v)| v.len()).sum::<usize>());
    let mut rest = template;
    while let Some(open) = rest.find("{{") {
        out.push_str(&rest[..open]);
        let after = &rest[open + 2..];
        let close = after.find("}}").expect("template markers are closed");
        let name = &after[..close];
        let value = values
            .iter()
            .find(|(key, _)| *key == name)
            .unwrap_or_else(|| panic!("template marker {name} has no value"));
        out.push_str(&value.1);
        rest = &after[close + 2..];
    }
    out.push_str(rest);
    out
}

/// JSON placed inside `<script type="application/json">`: the only way to break out of that
/// element is a `<` (as in `</script>` or `<!--`), and in JSON a `<` can only occur inside a
/// string, where `\u003c` means the same; so escaping every `<` keeps the JSON identical.
fn json_for_script_element(json: &str) -> String {
    json.replace('<', "\\u003c")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn template_markers_are_filled_once_and_not_rescanned() {
        let out = fill_template(
            "a{{X}}b{{Y}}c",
            &[("X", "{{Y}}".to_string()), ("Y", "y".to_string())],
        );
        assert_eq!(out, "a{{Y}}byc");
    }

    #[test]
    fn embedded_json_cannot_close_the_script_element() {
        let json = serde_json::to_string("</script><!--").unwrap();
        let safe = json_for_script_element(&json);
        assert!(!safe.contains('<'));
        let back: String = serde_json::from_str(&safe).unwrap();
        assert_eq!(back, "</script><!--");
    }

    #[test]
    fn the_template_has_every_marker_the_page_fills() {
        for marker in [
            "{{TITLE}}",
            "{{STYLE}}",
            "{{START}}",
            "{{DATA}}",
            "{{SCRIPT}}",
        ] {
            assert!(
                TEMPLATE.contains(marker),
                "{marker} missing from the template"
            );
        }
    }
}
