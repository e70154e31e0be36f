package dev.apogee.remoting.config;

import java.util.Collection;
import java.util.Locale;

/**
 * A key that is not a setting: refused, never ignored, because a misspelt key would otherwise leave its setting at
 * the default without anyone noticing. The message suggests the known key it most likely meant.
 */
public final class UnknownSettingException extends IllegalArgumentException {
    /** Edits (after folding case and punctuation) within which a known key is offered as the likely meaning. */
    private static final int MAX_SUGGESTION_DISTANCE = 2;

    private final String key;

    public UnknownSettingException(String key, Collection<String> knownKeys) {
        super("unknown configuration key '" + key + "'" + suggestion(key, knownKeys));
        this.key = key;
    }

    public String key() {
        return key;
    }

    private static String suggestion(String key, Collection<String> knownKeys) {
        String folded = fold(key);
        String best = null;
        int bestDistance = MAX_SUGGESTION_DISTANCE + 1;
        for (String known : knownKeys) {
            int distance = distance(folded, fold(known));
            if (distance < bestDistance) {
                best = known;
                bestDistance = distance;
            }
        }
        return best == null ? "" : " (did you mean " + best + "?)";
    }

    private static String fold(String key) {
        StringBuilder folded = new StringBuilder(key.length());
        for (char c : key.toLowerCase(Locale.ROOT).toCharArray()) {
            if (Character.isLetterOrDigit(c)) {
                folded.append(c);
            }
        }
        return folded.toString();
    }

    /** Levenshtein distance. */
    private static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
