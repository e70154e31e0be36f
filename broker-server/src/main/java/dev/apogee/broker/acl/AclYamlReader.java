package dev.apogee.broker.acl;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the block-style YAML subset that {@code plain_acl.yml} files use, into {@code Map<String, Object>},
 * {@code List<Object>} and {@code String} (or {@code null} for an empty value): indented mappings
 * ({@code key: value}, {@code key:} + nested block), lists of scalars or of mappings ({@code - key: value}),
 * {@code #} comments, single- or double-quoted scalars and flow lists {@code [a, b]}. Anchors, multi-line scalars,
 * flow mappings and tabs are refused. Errors give the line number and never the line itself, which may hold a
 * secret key.
 */
final class AclYamlReader {
    private record Line(int number, int indent, String content) {
    }

    private final List<Line> lines = new ArrayList<>();
    private int position;

    private AclYamlReader(String text) {
        String[] raw = text.split("\r?\n", -1);
        for (int i = 0; i < raw.length; i++) {
            String line = stripComment(raw[i], i + 1);
            if (line.isBlank() || line.trim().equals("---")) {
                continue;
            }
            int indent = 0;
            while (line.charAt(indent) == ' ') {
                indent++;
            }
            if (line.charAt(indent) == '\t') {
                throw error(i + 1, "tabs are not allowed for indentation");
            }
            lines.add(new Line(i + 1, indent, line.substring(indent).stripTrailing()));
        }
    }

    /** The document's top-level mapping (empty for an empty document). */
    static Map<String, Object> read(String text) {
        AclYamlReader reader = new AclYamlReader(text);
        if (reader.lines.isEmpty()) {
            return new LinkedHashMap<>();
        }
        Line first = reader.lines.get(0);
        if (isListItem(first.content)) {
            throw error(first.number, "the document must be a mapping (globalWhiteRemoteAddresses, accounts)");
        }
        Map<String, Object> root = reader.mapping(first.indent);
        if (reader.position < reader.lines.size()) {
            throw error(reader.lines.get(reader.position).number, "unexpected indentation");
        }
        return root;
    }

    private Object block(int parentIndent) {
        if (position >= lines.size()) {
            return null;
        }
        Line next = lines.get(position);
        if (next.indent > parentIndent) {
            return isListItem(next.content) ? list(next.indent) : mapping(next.indent);
        }
        if (next.indent == parentIndent && isListItem(next.content)) {
            return list(next.indent); // "key:\n- item" at the key's own indentation is valid YAML
        }
        return null;
    }

    private Map<String, Object> mapping(int indent) {
        Map<String, Object> map = new LinkedHashMap<>();
        while (position < lines.size()) {
            Line line = lines.get(position);
            if (line.indent != indent || isListItem(line.content)) {
                break;
            }
            int colon = keySeparator(line.content);
            if (colon < 0) {
                throw error(line.number, "expected 'key: value'");
            }
            String key = unquote(line.content.substring(0, colon).trim(), line.number);
            String rest = line.content.substring(colon + 1).trim();
            position++;
            Object value = rest.isEmpty() ? block(indent) : scalarOrFlow(rest, line.number);
            if (map.containsKey(key)) {
                throw error(line.number, "duplicate key '" + key + "'");
            }
            map.put(key, value);
        }
        return map;
    }

    private List<Object> list(int indent) {
        List<Object> list = new ArrayList<>();
        while (position < lines.size()) {
            Line line = lines.get(position);
            if (line.indent != indent || !isListItem(line.content)) {
                break;
            }
            String rest = line.content.substring(1).trim();
            if (rest.isEmpty()) {
                position++;
                list.add(block(indent));
            } else if (keySeparator(rest) >= 0 && !rest.startsWith("\"") && !rest.startsWith("'")) {
                // "- key: value" opens a mapping whose keys align with "key"
                int column = indent + line.content.indexOf(rest);
                lines.set(position, new Line(line.number, column, rest));
                list.add(mapping(column));
            } else {
                position++;
                list.add(scalarOrFlow(rest, line.number));
            }
        }
        return list;
    }

    private static boolean isListItem(String content) {
        return content.equals("-") || content.startsWith("- ");
    }

    /** Index of the ':' ending a key: followed by a space or the end of line, outside quotes; else -1. */
    private static int keySeparator(String content) {
        char quote = 0;
        for (int i = 0; i < content.length(); i++) {
            char c = content.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == ':' && (i + 1 == content.length() || content.charAt(i + 1) == ' ')) {
                return i;
            }
        }
        return -1;
    }

    private static Object scalarOrFlow(String text, int number) {
        if (text.startsWith("[")) {
            if (!text.endsWith("]")) {
                throw error(number, "unterminated flow list");
            }
            List<Object> items = new ArrayList<>();
            String inner = text.substring(1, text.length() - 1).trim();
            if (!inner.isEmpty()) {
                for (String item : inner.split(",")) {
                    items.add(unquote(item.trim(), number));
                }
            }
            return items;
        }
        boolean alias = text.length() > 1 && text.charAt(0) == '*' && Character.isLetter(text.charAt(1));
        if (alias || text.startsWith("{") || text.startsWith("&") || text.startsWith("|") || text.startsWith(">")) {
            throw error(number, "flow mappings, anchors and multi-line scalars are not supported");
        }
        return unquote(text, number);
    }

    private static String unquote(String text, int number) {
        if (text.length() >= 2 && (text.startsWith("\"") && text.endsWith("\"")
                || text.startsWith("'") && text.endsWith("'"))) {
            String inner = text.substring(1, text.length() - 1);
            return text.charAt(0) == '\'' ? inner.replace("''", "'")
                    : inner.replace("\\\"", "\"").replace("\\\\", "\\");
        }
        if (text.startsWith("\"") || text.startsWith("'")) {
            throw error(number, "unterminated quoted value");
        }
        return text.equals("~") || text.equals("null") ? null : text;
    }

    /** Drops a {@code #} comment: at the start of the line or after a space, outside quotes. */
    private static String stripComment(String line, int number) {
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                }
            } else if (c == '"' || c == '\'') {
                if (i == 0 || line.charAt(i - 1) == ' ' || line.charAt(i - 1) == '[' || line.charAt(i - 1) == ',') {
                    quote = c;
                }
            } else if (c == '#' && (i == 0 || line.charAt(i - 1) == ' ')) {
                return line.substring(0, i);
            }
        }
        return line;
    }

    static IllegalArgumentException error(int number, String what) {
        return new IllegalArgumentException("line " + number + ": " + what);
    }
}
