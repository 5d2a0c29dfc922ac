/**
 * The Yuanbao (Tencent Cloud WSA SearchPro) web-search provider as a PF4J plugin.
 *
 * <p>The public door is {@link dev.dsh.yuanbao.YuanbaoPlugin} (the PF4J entry), {@link
 * dev.dsh.yuanbao.YuanbaoConfig} and {@link dev.dsh.yuanbao.YuanbaoSearchProvider}; HTTP, wire
 * decoding, mapping, dates and text cleaning are package-private.
 *
 * <p>Everything in this package is non-null unless marked {@link org.jspecify.annotations.Nullable}.
 */
@NullMarked
package dev.dsh.yuanbao;

import org.jspecify.annotations.NullMarked;
