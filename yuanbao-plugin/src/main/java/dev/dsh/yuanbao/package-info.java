/**
 * The Yuanbao (Tencent Cloud WSA SearchPro) web-search provider as a PF4J plugin: {@link
 * dev.dsh.yuanbao.YuanbaoPlugin}, {@link dev.dsh.yuanbao.YuanbaoConfig} and {@link
 * dev.dsh.yuanbao.YuanbaoSearchProvider} are public; all else is package-private. Non-null unless
 * marked {@link org.jspecify.annotations.Nullable}.
 */
@NullMarked
package dev.dsh.yuanbao;

import org.jspecify.annotations.NullMarked;
