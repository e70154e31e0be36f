package dev.apogee.store.check;

/**
 * One defect store-check found.
 *
 * @param kind     what is wrong
 * @param file     the file, relative to the store directory ({@code commitlog/00000000000000000000},
 *                 {@code consumequeue/orders/0/00000000000000000000})
 * @param position byte position inside that file
 * @param detail   what was expected and found, for the operator
 */
public record StoreDefect(DefectKind kind, String file, long position, String detail) {
    @Override
    public String toString() {
        return kind + " " + file + " @" + position + ": " + detail;
    }
}
