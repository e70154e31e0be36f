package dev.apogee.standalone.admin;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/** Rows printed as left-aligned columns under a header, two spaces apart. Confined to the command's thread. */
final class TextTable {
    private final List<String[]> rows = new ArrayList<>();
    private final int columns;

    TextTable(String... headers) {
        this.columns = headers.length;
        rows.add(headers);
    }

    TextTable row(Object... cells) {
        String[] row = new String[columns];
        for (int i = 0; i < columns; i++) {
            row[i] = i < cells.length && cells[i] != null ? String.valueOf(cells[i]) : "-";
        }
        rows.add(row);
        return this;
    }

    /** Rows below the header. */
    int size() {
        return rows.size() - 1;
    }

    void print(PrintStream out) {
        int[] widths = new int[columns];
        for (String[] row : rows) {
            for (int i = 0; i < columns; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < columns; i++) {
                line.append(row[i]);
                if (i < columns - 1) {
                    line.append(" ".repeat(widths[i] - row[i].length() + 2));
                }
            }
            out.println(line.toString().stripTrailing());
        }
    }
}
