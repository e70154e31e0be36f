package dev.apogee.remoting.selector;

import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Recognises selectors that only test the RocketMQ tag, so that the JMS provider can subscribe by tag (filtered on
 * the broker by the consume queue's tag hash, without reading the CommitLog) instead of by SQL92:
 * {@code TAGS = 'a'}, {@code 'a' = TAGS}, {@code TAGS IN ('a', 'b')}, and ORs of these in any parenthesisation.
 *
 * <p>Equivalent because a message without a tag makes each of these UNKNOWN, i.e. not selected, just as a tag
 * subscription skips it. A tag that a tag expression cannot carry ({@code *}, empty, containing {@code ||}, or with
 * leading or trailing blanks, which the subscription parser trims) keeps the selector as SQL92.
 */
public final class TagSelectorAnalysis {
    /** The property RocketMQ keeps a message's tag in. */
    public static final String TAGS = "TAGS";

    private TagSelectorAnalysis() {
    }

    /** The tags the selector accepts when it is a pure tag test, else empty. */
    public static Optional<Set<String>> tags(Selector selector) {
        if (selector.root() == null) {
            return Optional.empty();
        }
        Set<String> tags = new LinkedHashSet<>();
        if (!collect(selector.root(), tags)) {
            return Optional.empty();
        }
        for (String tag : tags) {
            if (!isExpressibleTag(tag)) {
                return Optional.empty();
            }
        }
        return Optional.of(Set.copyOf(tags));
    }

    /** The tag expression ({@code a || b}) for a subscription, when the selector is a pure tag test. */
    public static Optional<String> tagExpression(Selector selector) {
        return tags(selector).map(tags -> String.join(" || ", new TreeSet<>(tags)));
    }

    private static boolean collect(Expression e, Set<String> tags) {
        if (e instanceof OrExpression or) {
            for (Expression operand : or.operands()) {
                if (!collect(operand, tags)) {
                    return false;
                }
            }
            return true;
        }
        if (e instanceof InExpression in) {
            if (in.negated() || !TAGS.equals(in.identifier().name())) {
                return false;
            }
            tags.addAll(in.values());
            return true;
        }
        if (e instanceof ComparisonExpression c && c.operator() == ComparisonOperator.EQ) {
            String tag = tagOf(c.left(), c.right());
            if (tag == null) {
                tag = tagOf(c.right(), c.left());
            }
            if (tag == null) {
                return false;
            }
            tags.add(tag);
            return true;
        }
        return false;
    }

    private static String tagOf(Expression identifier, Expression literal) {
        if (identifier instanceof Identifier id && TAGS.equals(id.name())
                && literal instanceof Literal l && l.value() instanceof String s) {
            return s;
        }
        return null;
    }

    private static boolean isExpressibleTag(String tag) {
        return !tag.isEmpty() && !tag.equals("*") && !tag.contains("||") && tag.strip().equals(tag)
                && tag.trim().equals(tag);
    }
}
